package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestJournalRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.journal")
	j, err := CreateJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{
		{Type: EntryStart, Config: &Config{Rule: "renju", Size: 15, Black: "person", White: "tengen level 5"}},
		{Type: EntryMove, Move: 1, Color: "black", Point: "h8", By: "person"},
		{Type: EntryIntent, Move: 2, Color: "white", Point: "i9"},
	}
	for _, e := range want {
		if err := j.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	if _, err := CreateJournal(path); err == nil {
		t.Error("CreateJournal overwrote an existing journal")
	}
	j, got, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if len(got) != len(want) || got[0].Config.Rule != "renju" || got[2].Point != "i9" {
		t.Fatalf("read back %+v", got)
	}
}

func TestJournalTornLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.journal")
	good := `{"type":"start","time":"2026-11-22T00:00:00Z"}` + "\n" + `{"type":"move","time":"2026-11-22T00:00:01Z","move":1,"point":"h8"}` + "\n"
	for _, torn := range []string{`{"type":"mo`, `{"type":"move","point":"i9"}`} {
		if err := os.WriteFile(path, []byte(good+torn), 0o644); err != nil {
			t.Fatal(err)
		}
		j, es, err := OpenJournal(path)
		if err != nil {
			t.Fatalf("torn %q: %v", torn, err)
		}
		if len(es) != 2 {
			t.Errorf("torn %q: %d entries, want 2", torn, len(es))
		}
		if err := j.Append(Entry{Type: EntryEvent, Event: "resumed"}); err != nil {
			t.Fatal(err)
		}
		j.Close()
		_, es, err = OpenJournal(path)
		if err != nil || len(es) != 3 || es[2].Event != "resumed" {
			t.Errorf("after append: %v %+v", err, es)
		}
	}
}

func TestJournalCorruptMiddle(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.journal")
	data := `{"type":"start"}` + "\n" + `garbage` + "\n" + `{"type":"move"}` + "\n"
	os.WriteFile(path, []byte(data), 0o644)
	_, _, err := OpenJournal(path)
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("err = %v, want one naming line 2", err)
	}
}

func FuzzParseJournal(f *testing.F) {
	f.Add([]byte(`{"type":"start"}` + "\n"))
	f.Add([]byte(`{"type":"move","move":1}` + "\n" + `{"ty`))
	f.Add([]byte("\n\n{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		es, good, err := parseJournal(data)
		if err != nil {
			return
		}
		if good > len(data) {
			t.Fatalf("good prefix %d longer than data %d", good, len(data))
		}
		again, g2, err := parseJournal(data[:good])
		if err != nil || len(again) != len(es) || g2 != good {
			t.Fatalf("prefix does not re-parse the same: %v %d/%d %d/%d", err, len(again), len(es), g2, good)
		}
	})
}
