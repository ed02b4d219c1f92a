package customs

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"tengen/game"
	"tengen/web"
)

func newDesk(t *testing.T) *Desk {
	t.Helper()
	day := time.Date(2026, 11, 22, 10, 0, 0, 0, time.Local)
	s, err := OpenStreaks(t.TempDir(), func() time.Time { return day })
	if err != nil {
		t.Fatal(err)
	}
	return NewDesk(s)
}

func keys(ss []web.Said) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Key)
	}
	return out
}

func refusedWith(t *testing.T, err error, key string) {
	t.Helper()
	var ve *web.VisitorError
	if !errors.As(err, &ve) || ve.Said.Key != key {
		t.Errorf("error %v, want a refusal %q", err, key)
	}
}

func TestDesk(t *testing.T) {
	d := newDesk(t)
	if _, _, ok := d.Next(3); ok {
		t.Error("a visitor before anyone said hello")
	}
	v, err := d.Hello("  阿明 ")
	if err != nil {
		t.Fatal(err)
	}
	if v.Nick != "阿明" || len(v.Said) != 1 || v.Said[0].Key != "visitor.welcome" || v.Said[0].Args[0] != "阿明" {
		t.Errorf("newcomer: %+v", v)
	}
	v, err = d.Answer("阿明", "sometimes")
	if err != nil || v.Level != LevelFor(Sometimes) || keys(v.Said)[0] != "level-chosen" {
		t.Errorf("answer: %+v %v", v, err)
	}
	if nick, lv, ok := d.Next(3); !ok || nick != "阿明" || lv != LevelFor(Sometimes) {
		t.Errorf("next: %q %d %v", nick, lv, ok)
	}
	for range 2 {
		if _, err := d.Finished("阿明", Win, 4); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, ok := d.Next(3); ok {
		t.Error("the visitor is still at the table after their game")
	}
	v, err = d.Hello("阿明")
	if err != nil || v.Wins != 2 || v.Streak != 2 || len(v.Said) != 2 || v.Said[0].Key != "welcome-back" || v.Said[1].Key != "streak" {
		t.Errorf("after two wins: %+v %v", v, err)
	}
	// The asked-for level is used up: two wins raise the last game's.
	if _, lv, _ := d.Next(3); lv != 5 {
		t.Errorf("level after two wins at 4: %d, want 5", lv)
	}
	_, err = d.Hello("x<script>")
	refusedWith(t, err, "visitor.bad-nick")
	_, err = d.Answer("阿明", "always")
	refusedWith(t, err, "visitor.bad-answer")
	refusedWith(t, d.Guess("阿明", "odd"), "visitor.no-guess")
	refusedWith(t, d.Guess("阿明", "maybe"), "visitor.bad-guess")
}

func TestDeskGuess(t *testing.T) {
	d := newDesk(t)
	changes := make(chan bool, 4)
	d.Changed = func() { changes <- d.Asking() }
	got := make(chan Parity, 1)
	go func() {
		p, err := d.WaitGuess(context.Background())
		if err != nil {
			t.Error(err)
		}
		got <- p
	}()
	if !<-changes {
		t.Fatal("the desk does not say it asks")
	}
	if err := d.Guess("Bo", "even"); err != nil {
		t.Fatal(err)
	}
	if p := <-got; p != Even {
		t.Errorf("guess %v, want even", p)
	}
	// Only the first guess counts.
	refusedWith(t, d.Guess("Bo", "odd"), "visitor.no-guess")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := d.WaitGuess(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled wait: %v", err)
	}
}

type voiceFunc func(game.Message)

func (f voiceFunc) Say(m game.Message) { f(m) }

// TestDeskSpeaks: with a voice, the robot greets the visitor, asks the
// question and says its level at the table.
func TestDeskSpeaks(t *testing.T) {
	d := newDesk(t)
	var heard []string
	d.Voice = voiceFunc(func(m game.Message) { heard = append(heard, m.Key) })
	if _, err := d.Hello("Mei"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Answer("Mei", "never"); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(heard, " "); got != "visitor.welcome ask-played-before level-chosen" {
		t.Errorf("the robot said %q", got)
	}
}

// TestDeskVoiceRepublishes: the robot's voice may republish the page,
// which asks the desk whether it waits for a guess; a greeting must not
// hold the desk's lock meanwhile (it would deadlock).
func TestDeskVoiceRepublishes(t *testing.T) {
	d := newDesk(t)
	srv := web.New(web.Options{Visitors: d})
	d.Voice = voiceFunc(func(game.Message) { srv.Republish() })
	done := make(chan struct{})
	go func() {
		d.Hello("Mei")
		d.Answer("Mei", "club")
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the desk deadlocked with a voice that republishes the page")
	}
}
