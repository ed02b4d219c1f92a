package sim

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
			if !strings.HasPrefix(msg, "not a saved world") && !strings.HasPrefix(msg, "layout.") && !strings.HasPrefix(msg, "table.") {
				t.Errorf("error %q names no field", msg)
			}
			return
		}
		// Whatever parses makes a world whose board can be read.
		w := NewWorld(wf.Layout, 1)
		w.Table.SetState(wf.Table)
		w.Truth()
	})
}
