package game

import (
	"testing"

	"tengen/rules"
)

func board(t *testing.T, black, white string) *rules.Board {
	t.Helper()
	b := rules.MustBoard(15)
	bs, err := rules.ParsePoints(black, 15)
	if err != nil {
		t.Fatal(err)
	}
	ws, err := rules.ParsePoints(white, 15)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Place(bs, ws); err != nil {
		t.Fatal(err)
	}
	return b
}

func TestCompare(t *testing.T) {
	tests := []struct {
		name                 string
		recB, recW, seB, seW string
		want                 ChangeKind
		added, gone          int
	}{
		{"same", "h8", "h9", "h8", "h9", NoChange, 0, 0},
		{"one new", "h8", "h9", "h8 i8", "h9", NewStone, 1, 0},
		{"two new", "h8", "h9", "h8 i8", "h9 j9", ExtraStones, 2, 0},
		{"lifted", "h8 i8", "h9", "h8", "h9", Missing, 0, 1},
		{"pushed to neighbour", "h8 i8", "h9", "h8 j9", "h9", MovedStone, 1, 1},
		{"pushed far", "h8 i8", "h9", "h8 l12", "h9", Disturbed, 1, 1},
		{"colour changed", "h8", "h9", "h8 h9", "", Disturbed, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ch := Compare(board(t, tt.recB, tt.recW), board(t, tt.seB, tt.seW))
			if ch.Kind != tt.want || len(ch.Added) != tt.added || len(ch.Gone) != tt.gone {
				t.Errorf("got %v added %v gone %v; want %v %d/%d", ch.Kind, ch.Added, ch.Gone, tt.want, tt.added, tt.gone)
			}
		})
	}
}
