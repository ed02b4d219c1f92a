package customs

import (
	"context"
	"sync"

	"tengen/game"
	"tengen/web"
)

// Desk is the visitors' desk on the web page (web.Visitors): a visitor
// gives a nickname and sees their day's streak, answers "have you played
// before?" to set the level of their next game, and guesses odd or even
// when the robot has hidden stones for 猜先. It keeps nothing but the
// nickname and the day's games (Streaks) and, until the day's end, the
// level each nickname asked for. Safe for concurrent use.
type Desk struct {
	streaks *Streaks
	// Changed is called when the robot starts or stops waiting for a
	// guess, so that the page shows or hides the guess buttons; nil for
	// nothing.
	Changed func()
	// Voice, if set, is the robot's voice at the table: it greets a
	// visitor who gives their nickname, asks a newcomer the question, and
	// says the level it will play at.
	Voice game.Voice

	mu      sync.Mutex
	levels  map[string]int // the next game's level, by nickname
	current string         // the nickname last seen: the visitor at the table
	guess   chan Parity    // set while the robot waits for a guess
}

// maxLevels bounds the levels remembered (a day's visitors, and no more
// for someone posting nicknames in a loop).
const maxLevels = 1000

// NewDesk returns a desk keeping the day's games in s.
func NewDesk(s *Streaks) *Desk { return &Desk{streaks: s, levels: map[string]int{}} }

func said(ms ...game.Message) []web.Said {
	out := make([]web.Said, len(ms))
	for i, m := range ms {
		out[i] = web.Said{Key: m.Key, Args: m.Args, Text: m.Text}
	}
	return out
}

func refusal(key, text string) error { return &web.VisitorError{Said: web.Said{Key: key, Text: text}} }

// visitor returns a visitor's day and notes them as the visitor at the
// table; call with mu held.
func (d *Desk) visitor(nick string) (Visitor, bool, error) {
	if _, err := CheckNick(nick); err != nil {
		return Visitor{}, false, refusal("visitor.bad-nick", err.Error())
	}
	v, known, err := d.streaks.Get(nick)
	if err != nil {
		return v, false, err
	}
	d.current = v.Nick
	return v, known, nil
}

// page is a visitor as the page shows them; call with mu held.
func (d *Desk) page(v Visitor) web.Visitor {
	return web.Visitor{Nick: v.Nick, Wins: v.Wins, Losses: v.Losses, Draws: v.Draws, Streak: v.Streak, Level: d.levels[v.Nick]}
}

// Hello implements web.Visitors: the visitor's day, with the robot's
// welcome back and their streak, or its welcome to a newcomer.
func (d *Desk) Hello(nick string) (web.Visitor, error) {
	d.mu.Lock()
	v, known, err := d.visitor(nick)
	out := d.page(v)
	d.mu.Unlock()
	if err != nil {
		return web.Visitor{}, err
	}
	ms := Greeting(v, known)
	if !known {
		ms = []game.Message{{Key: "visitor.welcome", Args: []string{v.Nick},
			Text: "Welcome, " + v.Nick + "! Tell me whether you have played before, and I will choose my level."}}
	}
	// The page shows the question beside its answers; the robot asks it.
	// (Said without the lock: the voice may republish the page, which
	// asks the desk whether it waits for a guess.)
	d.say(append(ms, Question())...)
	out.Said = said(ms...)
	return out, nil
}

// Answer implements web.Visitors: the answer sets the level of the
// visitor's next game (LevelFor).
func (d *Desk) Answer(nick, answer string) (web.Visitor, error) {
	a, err := ParseAnswer(answer)
	if err != nil {
		return web.Visitor{}, refusal("visitor.bad-answer", err.Error())
	}
	d.mu.Lock()
	v, _, err := d.visitor(nick)
	if err != nil {
		d.mu.Unlock()
		return web.Visitor{}, err
	}
	if _, ok := d.levels[v.Nick]; !ok && len(d.levels) >= maxLevels {
		clear(d.levels)
	}
	d.levels[v.Nick] = LevelFor(a)
	out := d.page(v)
	d.mu.Unlock()
	out.Said = said(LevelMessage(out.Level))
	d.say(LevelMessage(out.Level))
	return out, nil
}

// Guess implements web.Visitors: the first guess while the robot waits
// for one is taken; any other is refused.
func (d *Desk) Guess(nick, parity string) error {
	p, err := ParseParity(parity)
	if err != nil {
		return refusal("visitor.bad-guess", err.Error())
	}
	d.mu.Lock()
	if _, err := CheckNick(nick); err == nil {
		d.current = nick
	}
	c := d.guess
	d.guess = nil
	d.mu.Unlock()
	if c == nil {
		return refusal("visitor.no-guess", "I am not asking for a guess now.")
	}
	c <- p // buffered: WaitGuess takes it
	d.changed()
	return nil
}

// Asking implements web.Visitors.
func (d *Desk) Asking() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.guess != nil
}

func (d *Desk) say(ms ...game.Message) {
	if d.Voice == nil {
		return
	}
	for _, m := range ms {
		d.Voice.Say(m)
	}
}

func (d *Desk) changed() {
	if d.Changed != nil {
		d.Changed()
	}
}

// WaitGuess waits for a visitor's guess on the page: the guess function
// for Table.RobotHides.
func (d *Desk) WaitGuess(ctx context.Context) (Parity, error) {
	c := make(chan Parity, 1)
	d.mu.Lock()
	d.guess = c
	d.mu.Unlock()
	d.changed()
	defer func() {
		d.mu.Lock()
		if d.guess == c {
			d.guess = nil
		}
		d.mu.Unlock()
		d.changed()
	}()
	select {
	case p := <-c:
		return p, nil
	case <-ctx.Done():
		return Odd, ctx.Err()
	}
}

// Next returns the visitor at the table (the nickname last seen on the
// page) and the level for their game: the level they asked for, or the
// level of their last game adjusted to their day (NextLevel), or def for
// someone without either. ok is false when no visitor has given a
// nickname.
func (d *Desk) Next(def int) (nick string, level int, ok bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.current == "" {
		return "", def, false
	}
	if lv, asked := d.levels[d.current]; asked {
		return d.current, lv, true
	}
	v, known, err := d.streaks.Get(d.current)
	if err != nil || !known || v.Level == 0 {
		return d.current, def, true
	}
	return d.current, NextLevel(v.Level, v), true
}

// Finished records a visitor's game in the day's streaks. The level they
// asked for is used up, so their next game follows their day, and they
// leave the table: the next game is theirs only if they say hello again,
// so that a stranger's game never counts in their streak.
func (d *Desk) Finished(nick string, r Result, level int) (Visitor, error) {
	d.mu.Lock()
	delete(d.levels, nick)
	if d.current == nick {
		d.current = ""
	}
	d.mu.Unlock()
	return d.streaks.Record(nick, r, level)
}

var _ web.Visitors = (*Desk)(nil)
