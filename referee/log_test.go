package referee_test

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tengen/referee"
)

func TestLog(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.log")
	l, err := referee.CreateLog(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := referee.CreateLog(path); err == nil {
		t.Error("a second log over the first was allowed")
	}
	frame := image.NewGray(image.Rect(0, 0, 4, 3))
	if err := l.Append(referee.Entry{Event: referee.EventPushed, Point: "h8"}, frame); err != nil {
		t.Fatal(err)
	}
	if err := l.Append(referee.Entry{Event: referee.EventMove, Point: "h9"}, nil); err != nil {
		t.Fatal(err)
	}
	l.Close()
	es, err := referee.ReadLog(path)
	if err != nil || len(es) != 2 {
		t.Fatalf("%v, %d entries", err, len(es))
	}
	if es[0].Evidence != "game-001-pushed.png" || es[1].Evidence != "" {
		t.Errorf("evidence %q, %q", es[0].Evidence, es[1].Evidence)
	}
	f, err := os.Open(filepath.Join(dir, es[0].Evidence))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds() != frame.Bounds() {
		t.Errorf("evidence image: %v, %v", err, img)
	}
	os.WriteFile(path, []byte("{\"event\":\"move\"}\nnot json\n"), 0o644)
	if _, err := referee.ReadLog(path); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("corrupt log: %v", err)
	}
}

func FuzzReadLog(f *testing.F) {
	f.Add([]byte("{\"event\":\"move\",\"point\":\"h8\"}\n"))
	f.Add([]byte("{\"event\":\"pushed\",\"points\":[\"black h8\"],\"clock_ms\":[1,2]}\n{}\n"))
	f.Add([]byte("{\"time\":\"bad\"}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "fuzz.log")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		es, err := referee.ReadLog(path)
		if err != nil && !strings.Contains(err.Error(), "line ") {
			t.Fatalf("error %v does not name the line", err)
		}
		if err == nil && len(es) > strings.Count(string(data), "\n")+1 {
			t.Fatalf("%d entries from %d lines", len(es), strings.Count(string(data), "\n")+1)
		}
	})
}
