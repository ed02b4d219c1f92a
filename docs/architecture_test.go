package docs

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestArchitectureNamesEveryPackage: every Go package in the tree is
// named in ARCHITECTURE.md (in backquotes), and every row of its package
// table names a folder that exists (the firmware's is C), once.
func TestArchitectureNamesEveryPackage(t *testing.T) {
	doc, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	pkgs := map[string]bool{}
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != ".." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "var" || name == "bin") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			if rel, _ := filepath.Rel("..", filepath.Dir(path)); rel != "." {
				pkgs[filepath.ToSlash(rel)] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 10 {
		t.Fatalf("found only %d packages: is the test run from docs/?", len(pkgs))
	}
	for p := range pkgs {
		if !strings.Contains(text, "`"+p+"`") {
			t.Errorf("ARCHITECTURE.md does not name package %s", p)
		}
	}
	rows := regexp.MustCompile("(?m)^\\| `([a-z0-9/]+)` \\|").FindAllStringSubmatch(text, -1)
	if len(rows) < 10 {
		t.Fatalf("found only %d rows in the package table", len(rows))
	}
	seen := map[string]bool{}
	for _, r := range rows {
		if st, err := os.Stat(filepath.Join("..", r[1])); err != nil || !st.IsDir() {
			t.Errorf("ARCHITECTURE.md has a row for %s, which is not a folder", r[1])
		}
		if seen[r[1]] {
			t.Errorf("ARCHITECTURE.md has two rows for %s", r[1])
		}
		seen[r[1]] = true
	}
}
