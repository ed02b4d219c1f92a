package customs

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"tengen/i18n/errmsg"
	"time"
	"unicode"
	"unicode/utf8"

	"tengen/game"
)

// Visitor is what the robot remembers of a visitor for the day: a
// nickname and the day's games, nothing else.
type Visitor struct {
	Nick   string `json:"nick"`
	Wins   int    `json:"wins"`
	Losses int    `json:"losses"`
	Draws  int    `json:"draws"`
	// Streak is the current run: +n after n wins in a row, -n after n
	// losses in a row, 0 after a draw.
	Streak int `json:"streak"`
	Level  int `json:"level,omitempty"` // the level of the last game
}

// Result is a visitor's game result.
type Result int8

const (
	Win Result = iota
	Loss
	Draw
)

// MaxNickLen bounds a nickname, in characters.
const MaxNickLen = 24

// CheckNick trims a nickname and checks it: 1 to MaxNickLen letters,
// digits, spaces, '-', '_' or '.' (any script).
func CheckNick(nick string) (string, error) {
	n := strings.TrimSpace(nick)
	if n == "" {
		return "", errors.New("a nickname is needed")
	}
	if !utf8.ValidString(n) || utf8.RuneCountInString(n) > MaxNickLen {
		return "", fmt.Errorf("nickname %q: at most %d characters", nick, MaxNickLen)
	}
	for _, r := range n {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != ' ' && r != '-' && r != '_' && r != '.' {
			return "", fmt.Errorf("nickname %q: %q is not allowed (letters, digits, space, - _ .)", nick, r)
		}
	}
	return n, nil
}

// Streaks remembers the day's visitors in a small JSON file. The file is
// pruned when the day changes: yesterday's visitors are forgotten. Safe
// for concurrent use.
type Streaks struct {
	path string
	now  func() time.Time

	mu   sync.Mutex
	data streakFile
}

type streakFile struct {
	Day      string              `json:"day"` // YYYY-MM-DD, local time
	Visitors map[string]*Visitor `json:"visitors"`
}

// StreakFile is the file's name in the data directory.
const StreakFile = "streaks.json"

// OpenStreaks opens the day's streaks kept in dir (created if missing);
// now gives the time (nil: time.Now). A corrupt file is moved aside (to
// streaks.json.corrupt) and the day starts afresh: the returned Streaks
// is usable, and the error says what happened.
func OpenStreaks(dir string, now func() time.Time) (*Streaks, error) {
	if now == nil {
		now = time.Now
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("streaks: %w", err)
	}
	s := &Streaks{path: filepath.Join(dir, StreakFile), now: now}
	b, err := os.ReadFile(s.path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		s.data = streakFile{Visitors: map[string]*Visitor{}}
	case err != nil:
		return nil, fmt.Errorf("streaks: %w", err)
	default:
		s.data, err = parseStreaks(b)
		if err != nil {
			s.data = streakFile{Visitors: map[string]*Visitor{}}
			if rerr := os.Rename(s.path, s.path+".corrupt"); rerr != nil {
				return s, errors.Join(fmt.Errorf("streaks: %s: %w", s.path, err), rerr)
			}
			return s, errmsg.Mark(err, "err.streaks-corrupt", s.path, err.Error(), filepath.Base(s.path)+".corrupt")
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s, s.prune()
}

// parseStreaks reads the file, checking every entry.
func parseStreaks(b []byte) (streakFile, error) {
	var f streakFile
	if err := json.Unmarshal(b, &f); err != nil {
		return f, err
	}
	if _, err := time.Parse("2006-01-02", f.Day); err != nil {
		return f, fmt.Errorf("bad day %q", f.Day)
	}
	if f.Visitors == nil {
		f.Visitors = map[string]*Visitor{}
	}
	for k, v := range f.Visitors {
		if v == nil || v.Nick != k || v.Wins < 0 || v.Losses < 0 || v.Draws < 0 {
			return f, fmt.Errorf("bad entry for %q", k)
		}
		if _, err := CheckNick(k); err != nil {
			return f, err
		}
	}
	return f, nil
}

func (s *Streaks) today() string { return s.now().Format("2006-01-02") }

// prune forgets the visitors of another day. Call with mu held.
func (s *Streaks) prune() error {
	if s.data.Day == s.today() {
		return nil
	}
	s.data = streakFile{Day: s.today(), Visitors: map[string]*Visitor{}}
	return s.save()
}

// save writes the file atomically. Call with mu held.
func (s *Streaks) save() error {
	b, err := json.MarshalIndent(s.data, "", " ")
	if err != nil {
		return err
	}
	tmp := s.path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return fmt.Errorf("streaks: %w", err)
	}
	if err := os.Rename(tmp, s.path); err != nil {
		return fmt.Errorf("streaks: %w", err)
	}
	return nil
}

// Get returns today's record of a visitor.
func (s *Streaks) Get(nick string) (Visitor, bool, error) {
	n, err := CheckNick(nick)
	if err != nil {
		return Visitor{}, false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.prune(); err != nil {
		return Visitor{}, false, err
	}
	v, ok := s.data.Visitors[n]
	if !ok {
		return Visitor{Nick: n}, false, nil
	}
	return *v, true, nil
}

// Record adds a game to a visitor's day and saves the file.
func (s *Streaks) Record(nick string, r Result, level int) (Visitor, error) {
	n, err := CheckNick(nick)
	if err != nil {
		return Visitor{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.prune(); err != nil {
		return Visitor{}, err
	}
	v := s.data.Visitors[n]
	if v == nil {
		v = &Visitor{Nick: n}
		s.data.Visitors[n] = v
	}
	switch r {
	case Win:
		v.Wins++
		v.Streak = max(v.Streak, 0) + 1
	case Loss:
		v.Losses++
		v.Streak = min(v.Streak, 0) - 1
	default:
		v.Draws++
		v.Streak = 0
	}
	v.Level = level
	return *v, s.save()
}

// Greeting is what the robot says to a visitor: welcome back with the
// day's score if they played today, and their winning streak from two.
func Greeting(v Visitor, known bool) []game.Message {
	var out []game.Message
	if known {
		w, l := strconv.Itoa(v.Wins), strconv.Itoa(v.Losses)
		out = append(out, game.Message{Key: "welcome-back", Args: []string{v.Nick, w, l},
			Text: fmt.Sprintf("Welcome back, %s: today you have won %s and lost %s.", v.Nick, w, l)})
	}
	if v.Streak >= 2 {
		n := strconv.Itoa(v.Streak)
		out = append(out, game.Message{Key: "streak", Args: []string{v.Nick, n},
			Text: fmt.Sprintf("%s, you have won %s in a row today!", v.Nick, n)})
	}
	return out
}
