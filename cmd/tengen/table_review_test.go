package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestTableReview reviews a game White loses by not blocking Black's
// open three: the engine's graph turns at White's move 6, and the five
// is the winning line.
func TestTableReview(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "visitor 007.txt")
	os.WriteFile(path, []byte("h8 h9 i9 i10 j10 j11 k11 k12 l12\n"), 0o644)
	out, errs, code := runCLI(t, "", "table", "review", path, "--nodes", "5000", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var got reviewJSON
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &got); err != nil {
		t.Fatalf("%v: %q", err, out)
	}
	if got.ID != "visitor007" || got.Moves != 9 || len(got.Evals) != 9 {
		t.Errorf("review %+v", got)
	}
	if got.Turn == nil || got.Turn.Move != 6 || got.Turn.By != "white" {
		t.Errorf("turn %+v, want White's move 6 (not blocking the three)", got.Turn)
	}
	if want := []string{"h8", "i9", "j10", "k11", "l12"}; !slices.Equal(got.WinLine, want) {
		t.Errorf("winning line %v", got.WinLine)
	}
	if _, _, code := runCLI(t, "", "table", "review", filepath.Join(dir, "missing")); code != 1 {
		t.Errorf("a missing record: exit %d", code)
	}
}

func TestSmooth(t *testing.T) {
	if got := smooth([]int{-80, 280, -30, 300, 10000}); !slices.Equal(got, []int{-80, 100, 125, 135, 10000}) {
		t.Errorf("smooth = %v", got)
	}
}
