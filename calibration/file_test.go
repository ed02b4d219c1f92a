package calibration

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestDefaultRoundTrip(t *testing.T) {
	d := Default()
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	data, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	got, err := Parse(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if !reflect.DeepEqual(got, d) {
		t.Errorf("round trip changed the file:\n%+v\n%+v", got, d)
	}
}

// edit returns the default file's YAML with one line replaced.
func edit(t *testing.T, old, new string) string {
	t.Helper()
	data, err := Default().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	if !strings.Contains(s, old) {
		t.Fatalf("default file has no %q:\n%s", old, s)
	}
	return strings.Replace(s, old, new, 1)
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		name, yaml, field, fix string
	}{
		{"empty", "", "version", "calibrate"},
		{"not a map", "- 1\n- 2\n", "(top level)", "defaults"},
		{"no version", edit(t, "version: 1\n", ""), "version", "version: 1"},
		{"future version", edit(t, "version: 1\n", "version: 9\n"), "version", "update"},
		{"no board", "version: 1\ncamera: {width: 10, height: 10}\narm: {}\n", "board", "calibrate board"},
		{"no corners", edit(t, "corners:", "oldcorners:"), "", "field oldcorners not found"},
		{"typo", edit(t, "width: 1280", "widht: 1280"), "", "field widht not found"},
		{"size", edit(t, "size: 15", "size: 3"), "board.size", "size: 15"},
		{"matrix", edit(t, "matrix: [1000, 0, 640, 0, 1000, 360, 0, 0, 1]", "matrix: [1, 2]"), "camera.matrix", "calibrate camera"},
		{"corners", edit(t, "- [360, 80]", "- [360, 80000]"), "board.corners[0]", "calibrate board"},
		{"zero width", edit(t, "width: 1280", "width: 0"), "camera.width/height", "frame size"},
		{"servo range", edit(t, "min_us: 500", "min_us: 2700"), "arm.servos[0]", "range"},
		{"forearm", edit(t, "re: 450", "re: 50"), "arm.geometry.re", "lengths"},
		{"step", edit(t, "board_step_x: [24.5, 0, 0]", "board_step_x: [240.5, 0, 0]"), "arm.board_step_x", "touch-off"},
		{"bad yaml", "version: [1\n", "", "not valid YAML"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse([]byte(c.yaml))
			if err == nil {
				t.Fatal("no error")
			}
			var fe *FieldError
			if c.field != "" && (!errors.As(err, &fe) || fe.Field != c.field) {
				t.Fatalf("error %q does not name field %q", err, c.field)
			}
			if !strings.Contains(err.Error(), c.fix) {
				t.Errorf("error %q does not say %q", err, c.fix)
			}
		})
	}
}

func TestSaveAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "calibration.yaml")
	if err := Save(path, Default()); err != nil {
		t.Fatal(err)
	}
	good, _ := os.ReadFile(path)
	// An incomplete calibration must not replace the good file.
	bad := Default()
	bad.Board.Corners = [4][2]float64{}
	if err := Save(path, bad); err == nil {
		t.Fatal("saved an incomplete calibration")
	}
	now, _ := os.ReadFile(path)
	if string(now) != string(good) {
		t.Error("the good file changed")
	}
	f, err := Load(path)
	if err != nil || !reflect.DeepEqual(f, Default()) {
		t.Errorf("load: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if _, err := Load(filepath.Join(dir, "missing.yaml")); err == nil || !strings.Contains(err.Error(), "tengen calibrate") {
		t.Errorf("missing file: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	good, _ := Default().Marshal()
	f.Add(good)
	f.Add([]byte("version: 1\n"))
	f.Add([]byte("version: 1\ncamera: {}\nboard: {}\narm: {}\n"))
	f.Add([]byte("{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(data)
		if err != nil {
			// Every error says it is the calibration's and how to fix it.
			if msg := err.Error(); !strings.HasPrefix(msg, "calibration: ") || !strings.Contains(msg, "(fix: ") {
				t.Errorf("error %q does not say what to fix", msg)
			}
			return
		}
		// Whatever parses is valid and survives a round trip.
		out, err := c.Marshal()
		if err != nil {
			t.Fatalf("parsed but does not marshal: %v", err)
		}
		again, err := Parse(out)
		if err != nil || !reflect.DeepEqual(again, c) {
			t.Fatalf("round trip: %v", err)
		}
	})
}
