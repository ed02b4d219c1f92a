package game

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"tengen/i18n/errmsg"
	"time"
)

// A journal is the game's write-ahead log: one JSON object a line,
// appended and synced to disk before the robot acts on it, so that after
// a power cut or a kill `--resume` rebuilds the game with nothing lost.
//
// Entry order for a robot move: "intent" (synced) → the arm moves → the
// camera confirms → "move". A resumed game that ends in an intent looks at
// the board to learn whether the stone was placed.

// Entry types.
const (
	EntryStart  = "start"  // the game's settings
	EntryIntent = "intent" // the robot is about to place a stone
	EntryMove   = "move"   // an accepted move
	EntryUndo   = "undo"   // a takeback of the last move
	EntryEvent  = "event"  // something seen or said, for the log and appeals
	EntryEnd    = "end"    // the result
	// EntryOpening is an action of the opening protocol (Action), by the
	// robot (journaled before the arm carries it out) or the person.
	EntryOpening = "opening"
)

// Entry is one line of the journal.
type Entry struct {
	Type  string    `json:"type"`
	Time  time.Time `json:"time"`
	Move  int       `json:"move,omitempty"` // move number, 1-based
	Color string    `json:"color,omitempty"`
	Point string    `json:"point,omitempty"`
	By    string    `json:"by,omitempty"` // "robot" or "person"
	// Clock is Black's and White's main time left (ms) once the move's
	// clock was pressed, Periods their byo-yomi periods left: what a
	// resumed game's clock restarts from.
	Clock   []int64 `json:"clock_ms,omitempty"`
	Periods []int   `json:"periods,omitempty"`
	Ms      int64   `json:"ms,omitempty"` // the move's thinking time
	Event   string  `json:"event,omitempty"`
	Detail  string  `json:"detail,omitempty"`
	Result  string  `json:"result,omitempty"`
	// Reason is an end's rules.Outcome Code ("resignation", "time", …):
	// what a game over rebuilt from its journal says, when its moves do
	// not decide it.
	Reason string `json:"reason,omitempty"`
	// Action is an opening action as opening.Action writes it ("place
	// h8", "offer g6 g7", "declare 3", "swap", "choose g6").
	Action string  `json:"action,omitempty"`
	Config *Config `json:"config,omitempty"`
}

// Journal appends entries to a file, syncing each.
type Journal struct {
	f    *os.File
	path string
}

// CreateJournal starts a new journal at path; it refuses to overwrite one.
func CreateJournal(path string) (*Journal, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o644)
	if err != nil {
		return nil, errmsg.Wrap(err, "err.journal-create")
	}
	return &Journal{f: f, path: path}, nil
}

// OpenJournal reads an existing journal for resuming and opens it for
// appending. A torn last line (the program died while writing it) is cut
// off; a corrupt line anywhere else is an error naming the line.
func OpenJournal(path string) (*Journal, []Entry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, errmsg.Wrap(err, "err.journal-read")
	}
	entries, good, err := parseJournal(data)
	if err != nil {
		return nil, nil, errmsg.Wrap(err, "err.journal", path)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("opening journal: %w", err)
	}
	if good < len(data) {
		if err := f.Truncate(int64(good)); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("cutting torn line off journal: %w", err)
		}
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		f.Close()
		return nil, nil, err
	}
	return &Journal{f: f, path: path}, entries, nil
}

// parseJournal returns the entries and the length of the well-formed
// prefix of data.
func parseJournal(data []byte) ([]Entry, int, error) {
	var entries []Entry
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	off, line := 0, 0
	for sc.Scan() {
		line++
		raw := sc.Bytes()
		end := off + len(raw) + 1
		last := end >= len(data)
		if len(bytes.TrimSpace(raw)) == 0 {
			off = min(end, len(data))
			continue
		}
		var e Entry
		if err := json.Unmarshal(raw, &e); err != nil || e.Type == "" {
			if last && (end > len(data) || data[len(data)-1] != '\n') {
				return entries, off, nil // torn final write
			}
			if err == nil {
				err = errmsg.New("err.journal-no-type")
			}
			return nil, 0, errmsg.Wrap(err, "err.journal-line", line)
		}
		if end > len(data) {
			return entries, off, nil // a complete object but no newline: the sync may not have finished
		}
		entries = append(entries, e)
		off = end
	}
	if err := sc.Err(); err != nil {
		return nil, 0, errmsg.Wrap(err, "err.journal-line", line+1)
	}
	return entries, off, nil
}

// Append writes e and syncs it to disk before returning.
func (j *Journal) Append(e Entry) error {
	if e.Time.IsZero() {
		e.Time = time.Now().UTC()
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if _, err := j.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("writing journal %s: %w", j.path, err)
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("syncing journal %s: %w", j.path, err)
	}
	return nil
}

// Path returns the journal's file name.
func (j *Journal) Path() string { return j.path }

// Close closes the file.
func (j *Journal) Close() error { return j.f.Close() }
