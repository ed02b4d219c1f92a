package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Runs started in the same second must get distinct names, so that a second
// `tengen sim` does not fail on the first one's journal.
func TestNewRunPathIsFresh(t *testing.T) {
	t.Setenv("TENGEN_DATA", t.TempDir())
	for _, ext := range []string{"", ".journal"} {
		seen := map[string]bool{}
		for range 5 {
			p, err := newRunPath("runs", ext)
			if err != nil {
				t.Fatal(err)
			}
			if seen[p] {
				t.Fatalf("newRunPath(%q) gave %s twice", ext, p)
			}
			seen[p] = true
			if !strings.HasSuffix(p, ext) || filepath.Dir(p) != dataPath("runs") {
				t.Errorf("newRunPath(%q) = %s", ext, p)
			}
			if ext == "" {
				if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
					t.Errorf("folder %s not created: %v", p, err)
				}
			} else if err := os.WriteFile(p, nil, 0o644); err != nil { // the caller creates it
				t.Fatal(err)
			}
		}
	}
}
