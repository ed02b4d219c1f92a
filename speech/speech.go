// Package speech lets the robot talk through espeak-ng (Debian's
// espeak-ng package) without blocking the game: sentences queue and are
// spoken in order, and a full queue drops the oldest, so the robot never
// lags far behind the board. Text goes to espeak-ng as an argument, never
// through a shell.
package speech

import (
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"tengen/i18n/errmsg"
)

// Speaker speaks sentences with espeak-ng. Use New; call Close when done.
type Speaker struct {
	voice string
	path  string
	wav   func(n int) string

	mu      sync.Mutex
	queue   []string
	pending sync.WaitGroup
	wake    chan struct{}
	closed  chan struct{}
	n       int
	errs    []error
}

// ErrNoEspeak is returned when espeak-ng is not installed.
var ErrNoEspeak error = errmsg.New("err.no-espeak")

// New returns a speaker for the espeak-ng voice ("en", "cmn" for Mandarin…).
// If wav is not nil each sentence is written to the WAV file it names
// instead of being played (for tests and for the web page).
func New(voice string, wav func(n int) string) (*Speaker, error) {
	path, err := exec.LookPath("espeak-ng")
	if err != nil {
		return nil, ErrNoEspeak
	}
	s := &Speaker{voice: voice, path: path, wav: wav, wake: make(chan struct{}, 1), closed: make(chan struct{})}
	if err := s.check(); err != nil {
		return nil, err
	}
	go s.loop()
	return s, nil
}

// check makes sure espeak-ng knows the voice.
func (s *Speaker) check() error {
	out, err := exec.Command(s.path, "--voices").Output()
	if err != nil {
		return fmt.Errorf("listing espeak-ng voices: %w", err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) >= 5 && (f[1] == s.voice || f[3] == s.voice || f[4] == s.voice || strings.HasSuffix(f[4], "/"+s.voice)) {
			return nil
		}
	}
	return errmsg.New("err.no-such-voice", strconv.Quote(s.voice))
}

// maxQueue bounds the sentences waiting to be spoken.
const maxQueue = 4

// Say queues text and returns at once.
func (s *Speaker) Say(text string) {
	s.mu.Lock()
	if len(s.queue) == maxQueue {
		s.queue = s.queue[1:]
		s.pending.Done()
	}
	s.queue = append(s.queue, text)
	s.pending.Add(1)
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

func (s *Speaker) loop() {
	for {
		select {
		case <-s.closed:
			return
		case <-s.wake:
		}
		for {
			s.mu.Lock()
			if len(s.queue) == 0 {
				s.mu.Unlock()
				break
			}
			text := s.queue[0]
			s.queue = s.queue[1:]
			s.n++
			n := s.n
			s.mu.Unlock()
			err := s.speak(n, text)
			s.mu.Lock()
			if err != nil {
				s.errs = append(s.errs, err)
			}
			s.mu.Unlock()
			s.pending.Done()
		}
	}
}

func (s *Speaker) speak(n int, text string) error {
	args := []string{"-v", s.voice}
	if s.wav != nil {
		args = append(args, "-w", s.wav(n))
	}
	args = append(args, "--", text)
	if out, err := exec.Command(s.path, args...).CombinedOutput(); err != nil {
		return fmt.Errorf("espeak-ng: %v: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
}

// Flush waits until every queued sentence has been spoken and returns the
// errors met so far.
func (s *Speaker) Flush() error {
	s.pending.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	return errors.Join(s.errs...)
}

// Close stops the speaker after the sentence being spoken.
func (s *Speaker) Close() error {
	close(s.closed)
	return nil
}
