package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tengen/rules/record"
)

// TestTableReview reviews a game White loses by not blocking Black's
// open three: the engine's graph turns at White's move 6, and the five
// is the winning line.
func TestTableReview(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "visitor 007.txt")
	os.WriteFile(path, []byte("h8 h9 i9 i10 j10 j11 k11 k12 l12\n"), 0o644)
	out, errs, code := runCLI(t, "", "table", "review", path, "--nodes", "5000", "--think", "0", "--json")
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

// BenchmarkReviewGame evaluates a 30-move game for its review (20000
// engine nodes a position, as exhibit uses).
func BenchmarkReviewGame(b *testing.B) {
	rec, err := record.Read([]byte("h8 i9 h10 h9 g9 i7 i8 j8 g8 f8 g7 g10 f6 e5 h6 i5 h7 h5 f7 e7 g6 e8 g5 g4 j7 k6 f5 e4 h4 d7"), record.FormatUnknown)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := buildReview(b.Context(), "bench", rec, 20000, reviewThink); err != nil {
			b.Fatal(err)
		}
	}
}
