package sim

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tengen/kinematics"
	"tengen/rules"
)

// savedWorld returns the file of a world with two stones on the board.
func savedWorld(t testing.TB) []byte {
	w := NewWorld(SeedLayout(), 1)
	w.Put(rules.Black, rules.Point{X: 7, Y: 7}, 0.5, 0)
	w.Put(rules.White, rules.Point{X: 8, Y: 7}, 0, 0)
	data, err := json.Marshal(worldFile{Layout: w.Layout, Table: w.Table.State()})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestLoadWorldBadFiles: a damaged world file is refused with an error
// naming the file, the field and the fix, and is left as it was.
func TestLoadWorldBadFiles(t *testing.T) {
	good := string(savedWorld(t))
	cases := []struct{ name, data, says string }{
		{"truncated", good[:len(good)/2], "not a saved world"},
		{"not JSON", "board: yes", "not a saved world"},
		{"unknown field", strings.Replace(good, `"layout"`, `"layuot"`, 1), `unknown field "layuot"`},
		{"no layout", `{"table":{"board":[],"bowls":[{"top":[],"reserve":1},{"top":[],"reserve":1}]}}`, "layout.Size 0"},
		{"bad colour", strings.Replace(good, `"Colour":1`, `"Colour":7`, 1), "table.board[0].Colour 7"},
		{"negative reserve", strings.Replace(good, `"reserve":`, `"reserve":-`, 1), "table.bowls[0].reserve"},
		{"held colour", good[:len(good)-1] + `,"held":{"Colour":3,"At":[0,0,0]}}`, "held.Colour 3"},
	}
	for _, c := range cases {
		path := filepath.Join(t.TempDir(), "g.world")
		if err := os.WriteFile(path, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadWorld(path, SeedLayout(), 1)
		if err == nil {
			t.Errorf("%s: loaded", c.name)
			continue
		}
		if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "fix:") || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v; want the file, the fix and %q", c.name, err, c.says)
		}
		if after, _ := os.ReadFile(path); string(after) != c.data {
			t.Errorf("%s: the damaged file was overwritten", c.name)
		}
	}
}

func TestLoadWorldRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.world")
	if err := os.WriteFile(path, savedWorld(t), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := LoadWorld(path, SeedLayout(), 1)
	if err != nil {
		t.Fatal(err)
	}
	truth, off := w.Truth()
	if truth.At(rules.Point{X: 7, Y: 7}) != rules.Black || truth.At(rules.Point{X: 8, Y: 7}) != rules.White || len(off) != 0 {
		t.Errorf("loaded board:\n%v", truth)
	}
}

// TestCarriedStoneFallsAfterRestart: a stone on the nozzle when the
// program dies is neither lost nor back in its bowl after the restart: it
// lies where the nozzle carried it, as a real one falls when the
// restarted program's port resets the controller. A stone released
// before the restart is not dropped twice.
func TestCarriedStoneFallsAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.world")
	l := SeedLayout()
	w, err := LoadWorld(path, l, 1)
	if err != nil {
		t.Fatal(err)
	}
	inBowl := w.InBowl(rules.Black)
	top := w.bowl(rules.Black).Top[0]
	if c, ok := w.Take(top, 1); !ok || c != rules.Black {
		t.Fatalf("took %v %v from the black bowl", c, ok)
	}
	// Up, across and down toward h8, a millimetre at a time; killed 3 mm
	// above its point.
	h8 := rules.Point{X: 7, Y: 7}
	above := l.Intersection(h8).Add(kinematics.Vec3{0, 0, 3 + StoneHeight})
	const steps = 400
	for i := 0; i <= steps; i++ {
		w.Carry(rules.Black, top.Add(above.Sub(top).Scale(float64(i)/steps)))
	}
	again, err := LoadWorld(path, l, 1)
	if err != nil {
		t.Fatal(err)
	}
	truth, off := again.Truth()
	if truth.At(h8) != rules.Black || len(off) != 0 || truth.Count(rules.Black) != 1 {
		t.Errorf("after the restart: off the grid %v, board\n%v\nwant the carried stone on h8", off, truth)
	}
	if n := again.InBowl(rules.Black); n != inBowl-1 {
		t.Errorf("%d stones in the black bowl, want %d (one was on the nozzle)", n, inBowl-1)
	}
	// Moved to i8 before the next restart: it stays one stone, on i8.
	i8 := rules.Point{X: 8, Y: 7}
	fallen, _, _ := again.Nearest(h8)
	if _, ok := again.Take(fallen.At, 1); !ok {
		t.Fatal("the fallen stone cannot be picked")
	}
	again.Carry(rules.Black, l.Intersection(i8).Add(kinematics.Vec3{0, 0, 30}))
	again.Drop(rules.Black, l.Intersection(i8).Add(kinematics.Vec3{0, 0, StoneHeight}))
	third, err := LoadWorld(path, l, 1)
	if err != nil {
		t.Fatal(err)
	}
	if truth, _ := third.Truth(); truth.At(i8) != rules.Black || truth.Count(rules.Black) != 1 {
		t.Errorf("a released stone fell again after a restart:\n%v", truth)
	}
}

// TestCarriedStoneTidiedAfterRestart: a carried stone that falls between
// points, onto another stone or beside the board is back in its bowl after
// the restart (the operator's tidying); the board keeps only its stones.
func TestCarriedStoneTidiedAfterRestart(t *testing.T) {
	l := SeedLayout()
	h8 := rules.Point{X: 7, Y: 7}
	for _, tc := range []struct {
		name string
		at   kinematics.Vec3
	}{
		{"between points", l.Intersection(h8).Add(l.StepX.Scale(0.5)).Add(l.StepY.Scale(0.5))},
		{"on another stone", l.Intersection(h8).Add(kinematics.Vec3{2, 1, 40})},
		{"beside the board", l.Intersection(rules.Point{X: 0, Y: 7}).Sub(l.StepX.Scale(0.9))},
	} {
		path := filepath.Join(t.TempDir(), "g.world")
		w, err := LoadWorld(path, l, 1)
		if err != nil {
			t.Fatal(err)
		}
		w.Put(rules.Black, h8, 0, 0)
		inBowl := w.InBowl(rules.White)
		if _, ok := w.Take(w.bowl(rules.White).Top[0], 1); !ok {
			t.Fatal("no white stone picked")
		}
		w.Carry(rules.White, tc.at)
		again, err := LoadWorld(path, l, 1)
		if err != nil {
			t.Fatal(err)
		}
		truth, off := again.Truth()
		if truth.At(h8) != rules.Black || truth.Count(rules.Black) != 1 || truth.Count(rules.White) != 0 || len(off) != 0 {
			t.Errorf("%s: off the grid %v, board\n%v\nwant only the black stone on h8", tc.name, off, truth)
		}
		if n := again.InBowl(rules.White); n != inBowl {
			t.Errorf("%s: %d stones in the white bowl, want %d", tc.name, n, inBowl)
		}
	}
}

func FuzzParseWorld(f *testing.F) {
	good := savedWorld(f)
	f.Add(good)
	f.Add(good[:len(good)/3])
	f.Add([]byte("{}"))
	f.Add([]byte(`{"layout":{"Size":15,"StepX":[1e308,0,0],"StepY":[0,-1e308,0]}}`))
	f.Add(bytes.Replace(good, []byte(`"Colour":2`), []byte(`"Colour":0`), 1))
	f.Fuzz(func(t *testing.T, data []byte) {
		wf, err := parseWorld(data)
		if err != nil {
			msg := err.Error()
			if !strings.HasPrefix(msg, "not a saved world") && !strings.HasPrefix(msg, "layout.") && !strings.HasPrefix(msg, "table.") && !strings.HasPrefix(msg, "held.") {
				t.Errorf("error %q names no field", msg)
			}
			return
		}
		// Whatever parses makes a world whose board can be read.
		w := NewWorld(wf.Layout, 1)
		w.Table.SetState(wf.Table)
		if wf.Held != nil {
			w.Table.Drop(wf.Held.Colour, wf.Held.At)
		}
		w.Truth()
	})
}

// TestSaveIsOneMoment: saves taken while the arm moves stones between a
// bowl and the board each hold every stone once: none is on the table
// and the nozzle at once, or on neither (a kill then would lose it or
// make two).
func TestSaveIsOneMoment(t *testing.T) {
	l := SeedLayout()
	w := NewWorld(l, 1)
	path := filepath.Join(t.TempDir(), "w.world")
	if err := w.Persist(path); err != nil {
		t.Fatal(err)
	}
	count := func(f worldFile) int {
		n := len(f.Table.Board)
		for _, b := range f.Table.Bowls {
			n += b.Reserve + len(b.Top)
		}
		if f.Held != nil {
			n++
		}
		return n
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parseWorld(data)
	if err != nil {
		t.Fatal(err)
	}
	want := count(f)
	done := make(chan struct{})
	go func() {
		defer close(done)
		h8 := l.Intersection(rules.Point{X: 7, Y: 7})
		for range 300 {
			if c, ok := w.Take(l.BlackBowl, 60); ok {
				w.Drop(c, h8)
			}
			if c, ok := w.Take(h8, 1); ok {
				w.Drop(c, l.BlackBowl)
			}
		}
	}()
	fail := func(format string, args ...any) {
		<-done // the mover's saves go to the test's folder
		t.Fatalf(format, args...)
	}
	for saves := 0; ; saves++ {
		select {
		case <-done:
			t.Logf("%d saves checked", saves)
			return
		default:
		}
		if err := w.save(); err != nil {
			fail("save %d: %v", saves, err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			fail("save %d: %v", saves, err)
		}
		f, err := parseWorld(data)
		if err != nil {
			fail("save %d: %v", saves, err)
		}
		if n := count(f); n != want {
			fail("save %d holds %d stones, want %d", saves, n, want)
		}
	}
}
