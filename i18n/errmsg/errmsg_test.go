package errmsg

import (
	"errors"
	"strings"
	"testing"
)

func TestErrorText(t *testing.T) {
	cause := errors.New("permission denied")
	for _, c := range []struct {
		name string
		err  *Error
		want string
	}{
		{"no cause", New("err.no-operator"), "no operator at the terminal (stdin closed)"},
		{"cause shown", Wrap(cause, "err.cal-unreadable"), "calibration: the file cannot be read: permission denied"},
		{"cause quiet", Mark(cause, "err.camera-lost"), "camera lost"},
		{"points", New("err.board-not-empty", 3, "h8 i9"), "the board is still not empty after 3 passes: h8, i9"},
		{"no points", New("err.stones-off-points", ""), "the arm's stones none are still not on their points"},
		{"colour", Wrap(cause, "sim.bowl-empty", "white"), "the White bowl runs empty: permission denied"},
		{"unknown key", New("err.nonesuch", "a", 2), "err.nonesuch a 2"},
		{"wrong count", New("err.no-args"), "err.no-args"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	if !errors.Is(Mark(cause, "err.camera-lost"), cause) || errors.Unwrap(New("err.no-operator")) != nil {
		t.Error("the cause is not kept for errors.Is, or appears from nowhere")
	}
	if Wrap(cause, "err.cal-unreadable").Cause() != cause || Mark(cause, "err.camera-lost").Cause() != nil {
		t.Error("Cause does not say what follows the message")
	}
}

// TestTexts checks the table as package i18n reads it: every key has its
// three texts and uses each of its arguments in each.
func TestTexts(t *testing.T) {
	for k, tx := range Texts() {
		for _, s := range []string{tx.En, tx.Hans, tx.Hant} {
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s: a text is missing", k)
			}
			for i := range tx.Args {
				if !strings.Contains(s, "{"+string(rune('0'+i))+"}") {
					t.Errorf("%s: %q does not use argument {%d}", k, s, i)
				}
			}
		}
		if !strings.HasPrefix(k, "err.") && !strings.HasPrefix(k, "sim.") && !strings.HasPrefix(k, "cal.") && !strings.HasPrefix(k, "doc.") {
			t.Errorf("%s: keys here start err., sim. or cal.", k)
		}
	}
}

// TestListArg: a list of messages as an argument is worded item by item.
func TestListArg(t *testing.T) {
	m := M("doc.no-usable-camera", []Msg{M("doc.missing", "/dev/video0"), M("doc.denied", "/dev/video1")})
	if got, want := m.String(), "no usable camera: /dev/video0 does not exist; /dev/video1: permission denied"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
