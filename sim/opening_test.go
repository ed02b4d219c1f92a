package sim

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"tengen/game"
	"tengen/rules"
	"tengen/rules/record"
)

// Each family of opening protocols is played over the simulated board,
// the robot as the second player (game 1) and as the first (game 2): the
// games reach their end with nothing misread or lost, and each record
// starts with an opening its protocol allows.
func TestRunOpenings(t *testing.T) {
	for _, tc := range []struct {
		name string
		rule rules.Rule
	}{
		{"rif", rules.Renju},
		{"yamaguchi", rules.Renju},
		{"soosorv-8", rules.Renju},
		{"tarannikov", rules.Renju},
		{"taraguchi-10", rules.Renju},
		{"swap", rules.Freestyle},
		{"swap2", rules.Standard},
		{"centre", rules.Freestyle},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var log bytes.Buffer
			sum, err := Run(t.Context(), Options{Games: 2, Seed: 3, Rule: tc.rule, RobotLevel: 3, PersonLevel: 2,
				Think: 20 * time.Millisecond, Camera: TruthCamera{}, Dir: t.TempDir(), Log: &log, Opening: tc.name})
			if err != nil {
				t.Fatalf("%v\n%s", err, log.String())
			}
			if sum.Games != 2 || sum.MisreadMoves != 0 || sum.StonesLost != 0 || sum.StonesMisplaced != 0 {
				t.Errorf("summary %+v\n%s", sum, log.String())
			}
			for _, path := range sum.Records {
				checkOpeningRecord(t, path, tc.name)
			}
		})
	}
}

// checkOpeningRecord checks a game's record against its journal: every
// opening action journaled is one the protocol allowed (Replay applies
// them to the protocol's machine), the opening is complete, the record
// starts with its moves and names the players as it seated them.
func checkOpeningRecord(t *testing.T, path, protocol string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Read(data, record.FormatSGF)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if rec.Opening != protocol {
		t.Errorf("%s: opening %q, want %q", path, rec.Opening, protocol)
	}
	if rec.Result.Winner == rules.Empty && !rec.Result.Draw {
		t.Errorf("%s: the game did not end: %+v", path, rec.Result)
	}
	j, entries, err := game.OpenJournal(strings.TrimSuffix(path, ".sgf") + ".journal")
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	if entries[len(entries)-1].Type == game.EntryEnd {
		entries = entries[:len(entries)-1]
	}
	ref, err := game.NewReferee(*entries[0].Config)
	if err != nil {
		t.Fatal(err)
	}
	r, err := game.Replay(entries, ref)
	if err != nil {
		t.Fatalf("%s: replaying the journal: %v", path, err)
	}
	if r.Opening == nil || !r.Opening.Done() {
		t.Fatalf("%s: the journal holds no complete opening", path)
	}
	om := r.Opening.Moves()
	if len(rec.Moves) < len(om) {
		t.Fatalf("%s: %d moves, fewer than the opening's %d", path, len(rec.Moves), len(om))
	}
	for i, m := range om {
		if rec.Moves[i].Point != m.Point || rec.Moves[i].Color != m.Color {
			t.Errorf("%s: move %d is %v %v, the opening made %v", path, i+1, rec.Moves[i].Color, rec.Moves[i].Point, m)
		}
	}
	if rec.Black != r.Config.Black || rec.White != r.Config.White {
		t.Errorf("%s: black %q white %q, the opening seated %q and %q", path, rec.Black, rec.White, r.Config.Black, r.Config.White)
	}
	t.Logf("%s: opening %v; %s plays Black; %d moves, %v", protocol, om, rec.Black, len(rec.Moves), rec.Result)
	for _, e := range entries {
		if e.Type == game.EntryOpening {
			t.Log(e.By, e.Action, e.Detail)
		}
	}
}
