package referee

import (
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"tengen/i18n/errmsg"
	"time"
)

// Log is the referee's record of everything it saw and ruled, for an
// appeal: one JSON object a line, synced as written, and beside it the
// frame each fault was seen in, as PNG.
type Log struct {
	f    *os.File
	path string
	n    int
}

// Entry is one line of the log.
type Entry struct {
	Time  time.Time `json:"time"`
	Event string    `json:"event"` // see the Event constants
	Move  int       `json:"move,omitempty"`
	Color string    `json:"color,omitempty"`
	Point string    `json:"point,omitempty"`
	// Points lists the stones concerned ("black h8"), for faults.
	Points []string `json:"points,omitempty"`
	// ClockMS is both sides' time left, Black first, in milliseconds.
	ClockMS []int64 `json:"clock_ms,omitempty"`
	// UsedMS is the time the move took.
	UsedMS   int64  `json:"used_ms,omitempty"`
	Detail   string `json:"detail,omitempty"`
	Evidence string `json:"evidence,omitempty"` // PNG file name beside the log
}

// Events the log holds.
const (
	EventStart     = "start"
	EventOpening   = "opening"   // an opening action (place, swap, offer, choose …)
	EventMove      = "move"      // a move of the main game
	EventForbidden = "forbidden" // Black's forbidden move, announced
	EventClaim     = "claim"     // a forbidden move claimed
	EventTwoInARow = "two-in-a-row"
	EventExtra     = "extra-stones"
	EventOccupied  = "occupied"  // a stone laid on an occupied point
	EventPushed    = "pushed"    // a recorded stone moved to another point
	EventLifted    = "lifted"    // a recorded stone picked up
	EventWrong     = "wrong"     // any other difference from the record
	EventRefused   = "refused"   // a declaration or move the rules refuse
	EventScattered = "scattered" // the board was knocked: rebuilding
	EventRestored  = "restored"  // the board matches the record again
	EventConfirmed = "confirmed" // both players accepted the rebuilt position
	EventPress     = "press"     // a clock button
	EventTime      = "time"      // a flag fell
	EventResign    = "resign"
	EventEnd       = "end"
)

// CreateLog starts a log at path, refusing to overwrite one.
func CreateLog(path string) (*Log, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o644)
	if err != nil {
		return nil, errmsg.Wrap(err, "err.referee-log-create")
	}
	return &Log{f: f, path: path}, nil
}

// Path returns the log's file name.
func (l *Log) Path() string { return l.path }

// Append writes e (with its evidence frame, if any, saved as PNG beside
// the log) and syncs the log.
func (l *Log) Append(e Entry, frame image.Image) error {
	if frame != nil {
		l.n++
		name := fmt.Sprintf("%s-%03d-%s.png", strings.TrimSuffix(filepath.Base(l.path), filepath.Ext(l.path)), l.n, e.Event)
		if err := writePNG(filepath.Join(filepath.Dir(l.path), name), frame); err != nil {
			return err
		}
		e.Evidence = name
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if _, err := l.f.Write(append(b, '\n')); err != nil {
		return errmsg.Wrap(err, "err.referee-log-write", l.path)
	}
	return l.f.Sync()
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("saving evidence: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("saving evidence %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Close closes the log.
func (l *Log) Close() error { return l.f.Close() }

// ReadLog reads a log's entries; a bad line is an error naming it.
func ReadLog(path string) ([]Entry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []Entry
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var e Entry
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, i+1, err)
		}
		out = append(out, e)
	}
	return out, nil
}
