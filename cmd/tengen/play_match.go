package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"tengen/customs"
	"tengen/game"
	"tengen/i18n/errmsg"
	"tengen/rules"
)

// matchPlan is a `play --best-of` match to play, or to carry on from its
// games' journals.
type matchPlan struct {
	base             string // --journal: the games' journals are named from it (matchGamePath)
	bestOf, deciders int
	resume           bool
	robot            rules.Color // the robot's seat in game 1 unless 猜先 decides
	nigiri           func() (*customs.Nigiri, error)
}

// matchResult is a match's --json summary.
type matchResult struct {
	BestOf   int               `json:"best_of"`
	Deciders int               `json:"deciders"`
	Games    []matchGameResult `json:"games"`
	Person   float64           `json:"person"` // points, a drawn game ½
	Robot    float64           `json:"robot"`
	Winner   string            `json:"winner"` // person, robot or draw
}

// matchGameResult is one game of a match.
type matchGameResult struct {
	Game    int    `json:"game"`
	Person  string `json:"person"` // the colour the person played: black or white
	Winner  string `json:"winner"` // person, robot or draw
	Result  string `json:"result"`
	Journal string `json:"journal"`
	Record  string `json:"record"`
}

// matchGamePath names game n's journal of the match whose --journal is
// base: m.journal → m-game1.journal, m-game2.journal, …
func matchGamePath(base string, n int) string {
	return fmt.Sprintf("%s-game%d.journal", strings.TrimSuffix(base, ".journal"), n)
}

// checkMatchFlags checks --best-of and --deciders, when given.
func checkMatchFlags(fs *flag.FlagSet, bestOf, deciders int) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["best-of"] {
		if set["deciders"] {
			return usageMsg("err.needs", "--deciders", "--best-of")
		}
		return nil
	}
	if _, err := customs.NewMatch(bestOf, 0, customs.Person); err != nil {
		return badFlag("--best-of", strconv.Itoa(bestOf), err)
	}
	if _, err := customs.NewMatch(bestOf, deciders, customs.Person); err != nil {
		return badFlag("--deciders", strconv.Itoa(deciders), err)
	}
	return nil
}

// match plays a match of plan.bestOf games, or carries on the one its
// journals hold: the finished games count, the unfinished one is played
// to its end, then the next ones until the match is decided. Between
// games the robot clears the board and says the score. It returns the
// match's summary with its last game's (--json), and the last game
// played in this run (nil if the match was over before it).
func (p *playRun) match(ctx context.Context, plan matchPlan) (playResult, *playedGame, error) {
	var res playResult
	mr := matchResult{BestOf: plan.bestOf, Deciders: plan.deciders}
	res.Match = &mr
	var (
		m          *customs.Match
		next       = 1     // the number of the game to play next
		unfinished = false // game next's journal holds a game to carry on
	)
	if plan.resume {
		var err error
		if m, next, unfinished, err = rebuildMatch(plan, &mr, &res); err != nil {
			return res, nil, err
		}
		if m != nil && m.Played() > 0 {
			p.tell(m.Announce())
		}
	}
	var last *playedGame
	for {
		if m != nil {
			if _, _, over := m.Result(); over {
				break
			}
		}
		g := playGame{journal: matchGamePath(plan.base, next), resume: unfinished, seed: p.seed + uint64(next-1),
			match: game.MatchGame{BestOf: plan.bestOf, Deciders: plan.deciders, Game: next}}
		unfinished = false
		if !g.resume {
			if m == nil { // game 1: who plays first, by the flags or 猜先
				first := customs.Person
				if plan.robot == rules.Black {
					first = customs.Robot
				}
				n, err := plan.nigiri()
				if err != nil {
					return res, nil, err
				}
				if n != nil {
					g.nigiri, first = n, n.Black()
				}
				if m, err = customs.NewMatch(plan.bestOf, plan.deciders, first); err != nil {
					return res, nil, err
				}
			} else {
				p.tell([]game.Message{{Key: "match-clear", Text: "I clear the board for the next game."}})
				if err := game.ClearThroughFaults(ctx, p.eyes, p.hand, p.operator); err != nil {
					return res, nil, errmsg.Wrap(err, "err.game-n", next)
				}
			}
			g.robot = rules.White
			if m.Black() == customs.Robot {
				g.robot = rules.Black
				p.tell([]game.Message{{Key: "match-game-robot", Args: []string{strconv.Itoa(next)}, Text: fmt.Sprintf("Game %d of the match: I play first.", next)}})
			} else {
				p.tell([]game.Message{{Key: "match-game-person", Args: []string{strconv.Itoa(next)}, Text: fmt.Sprintf("Game %d of the match: you play first.", next)}})
			}
		}
		played, err := p.game(ctx, g)
		if err != nil {
			return res, nil, errmsg.Wrap(err, "err.game-n", next)
		}
		if err := addMatchGame(m, &mr, next, played); err != nil {
			return res, nil, err
		}
		p.tell(m.Announce())
		last = played
		res = played.result()
		res.Match = &mr
		next++
	}
	return res, last, nil
}

// rebuildMatch reads a match's games' journals, in order: the games over
// count; it stops at the first that is unfinished (to be carried on) or
// missing (to be played next). A journal whose settings are not those of
// this match's game is an error. last is set to the summary of the last
// game over.
func rebuildMatch(plan matchPlan, mr *matchResult, last *playResult) (m *customs.Match, next int, unfinished bool, err error) {
	for next = 1; ; next++ {
		path := matchGamePath(plan.base, next)
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return m, next, false, nil
		}
		j, entries, err := game.OpenJournal(path)
		if err != nil {
			return nil, 0, false, err
		}
		j.Close()
		if len(entries) == 0 && next > 1 {
			// Stopped between creating the journal and writing the
			// game's settings: the game never began.
			if err := os.Remove(path); err != nil {
				return nil, 0, false, err
			}
			return m, next, false, nil
		}
		if len(entries) == 0 || entries[0].Config == nil {
			return nil, 0, false, errmsg.Wrap(errmsg.New("err.journal-no-settings"), "err.journal", path)
		}
		cfg := *entries[0].Config
		want := game.MatchGame{BestOf: plan.bestOf, Deciders: plan.deciders, Game: next}
		if cfg.Match != want {
			return nil, 0, false, usageMsg("err.match-differs", path, cfg.Match.BestOf, cfg.Match.Deciders, cfg.Match.Game, plan.bestOf, plan.deciders, next)
		}
		// The settings name the seats: the first player is the
		// journal's Black.
		first := customs.Robot
		if cfg.Black == "person" {
			first = customs.Person
		}
		if m == nil {
			if m, err = customs.NewMatch(plan.bestOf, plan.deciders, first); err != nil {
				return nil, 0, false, err
			}
		} else if first != m.Black() {
			return nil, 0, false, errmsg.New("err.match-seats", path, cfg.Black, next)
		}
		if !journalOver(entries) {
			return m, next, true, nil
		}
		g, err := overGame(path)
		if err != nil {
			return nil, 0, false, err
		}
		if err := addMatchGame(m, mr, next, g); err != nil {
			return nil, 0, false, err
		}
		sum := g.result()
		sum.Match = last.Match
		*last = sum
		if _, _, over := m.Result(); over {
			return m, next + 1, false, nil
		}
	}
}

// journalOver reports whether a journal's entries end its game.
func journalOver(entries []game.Entry) bool {
	for _, e := range entries {
		if e.Type == game.EntryEnd {
			return true
		}
	}
	return false
}

// addMatchGame counts pg, game n, in m and in its summary mr. Its
// settings name Black and White as the game was played.
func addMatchGame(m *customs.Match, mr *matchResult, n int, pg *playedGame) error {
	cfg, winner := pg.s.Config, pg.out.Winner
	g := matchGameResult{Game: n, Person: "white", Winner: "draw", Result: pg.out.String(), Journal: pg.journal, Record: pg.record}
	if cfg.Black == "person" {
		g.Person = "black"
	}
	// The match counts by its own seats: its Black is the side it gave
	// the first move, whatever colour the opening then gave each.
	byMatch := rules.Empty
	if winner != rules.Empty {
		side := customs.Robot
		if (winner == rules.Black) == (cfg.Black == "person") {
			side = customs.Person
		}
		g.Winner = side.String()
		byMatch = rules.White
		if side == m.Black() {
			byMatch = rules.Black
		}
	}
	if err := m.Add(byMatch); err != nil {
		return err
	}
	mr.Games = append(mr.Games, g)
	mr.Person, mr.Robot = m.Score()
	mr.Winner = ""
	if winner, draw, over := m.Result(); over {
		mr.Winner = winner.String()
		if draw {
			mr.Winner = "draw"
		}
	}
	return nil
}

// tell says ms through the run's voice.
func (p *playRun) tell(ms []game.Message) {
	for _, msg := range ms {
		p.say.Say(msg)
	}
}
