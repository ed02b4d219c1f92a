package customs

import (
	"testing"

	"tengen/rules"
)

// board returns a 15x15 board with the given stones ("h8 i9").
func board(t testing.TB, blacks, whites string) *rules.Board {
	t.Helper()
	b := rules.MustBoard(15)
	bs, err := rules.ParsePoints(blacks, 15)
	if err != nil {
		t.Fatal(err)
	}
	ws, err := rules.ParsePoints(whites, 15)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Place(bs, ws); err != nil {
		t.Fatal(err)
	}
	return b
}

func pt(t testing.TB, s string) rules.Point {
	t.Helper()
	p, err := rules.ParsePoint(s, 15)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
