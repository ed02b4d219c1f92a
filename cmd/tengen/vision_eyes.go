//go:build cgo

package main

import (
	"context"
	"fmt"
	"image"
	"iter"
	"time"

	"tengen/game"
	"tengen/rig"
	"tengen/rules"
	"tengen/vision"
	"tengen/vision/capture"
	"tengen/vision/synth"
)

// eyesFrames is the most frames a view may take (the move looked for
// until seen, or the next turn's view) before the bench counts it stuck.
const eyesFrames = 40

// benchEyes reads games first to first+n-1 of a look (as benchGames
// draws them) through the robot's eyes (rig.Eyes over a vision.Watcher,
// reading frames rendered on demand, each with its own noise; the camera,
// the light, its glare and the sun's direction stay put all game, as at a
// table, where benchGames draws them anew each move): after each
// move it looks for the board with that move (LookFor, expecting the
// record) until it sees it, as the game does after a stone is placed, then
// takes one view more, the next turn's, as the game does while the player
// to move thinks. It prints how many turn views named a doubt
// (Sight.Unsure: the game asks the person about those points once their
// turn has gone on for a while, game.Session.Unclear), how many of the
// views that saw a move did (the game asks there too when the person
// took that long), and how many doubts
// the eyes told (NotifyDoubt), how many moves were never seen or seen
// wrong, and how many views read a board other than the truth; with
// failures, every such view. (Sunlit games 0-4: main's eyes named a doubt
// in 36 of 197 turn views, standing doubts left out in none; games 10-19:
// 122 of 446, and 1; the same frames, moves and readings. A stone set
// beside a standing doubt left out of its look: views that saw a move
// naming one, games 10-19, 8 of 446, then 5, each a doubt new at the
// game's first moves or on the move's own stone.)
func benchEyes(sio *stdio, first, n int, look string, failures bool) error {
	games, err := lookGames(first, look)
	if err != nil {
		return err
	}
	return eyesGames(sio, first, n, look, failures, games)
}

// eyesGames reads games first to first+n-1 through the eyes, each's
// scenes as scenes(g) yields them with their move numbers, and prints
// benchEyes's report.
func eyesGames(sio *stdio, first, n int, look string, failures bool, scenes func(g int) iter.Seq2[int, synth.Scene]) error {
	start := time.Now()
	var frames, turns, named, movesNamed, told, unseen, wrong int
	for g := first; g < first+n; g++ {
		var cur synth.Scene
		var still int64 // the game's camera and light
		seq := int64(0)
		budget, stop := 0, func() {}
		src := capture.FuncSource(func() (image.Image, error) {
			if budget--; budget < 0 {
				stop()
			}
			s := cur
			seq++
			s.Seed, s.NoiseSeed = still, seq // each frame its own noise
			frames++
			return synth.Render(s), nil
		})
		// lookWithin is one LookFor of the record, given up (a nil
		// board) after limit frames.
		lookWithin := func(e *rig.Eyes, record *rules.Board, limit int) (game.Sight, error) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			budget, stop = limit, cancel
			s, err := e.LookFor(ctx, record.At)
			if ctx.Err() != nil {
				return game.Sight{}, nil
			}
			return s, err
		}
		cam := &capture.Camera{Open: func() (capture.Source, error) { return src, nil }}
		var e *rig.Eyes
		var lastTold string
		for mv, s := range scenes(g) {
			cur = s
			if e == nil {
				still = s.Seed
				e = rig.NewEyes(&vision.Watcher{Camera: cam}, s.Size, s.Corners)
				e.NotifyDoubt(func(stones, empty []rules.Point) {
					told++
					lastTold = fmt.Sprintf("told stones %v empty %v", stones, empty)
				})
			}
			truth := recordOf(s)
			scene := func() string {
				return fmt.Sprintf("%s game %d move %d (light %.2f glare %.2f noise %.1f sun %.2f)", look, g, mv, s.Light, s.Glare, s.Noise, s.Sun)
			}
			// The move, looked for until seen.
			seen := false
			for from := frames; frames-from < eyesFrames; {
				sight, err := lookWithin(e, truth, eyesFrames-(frames-from))
				if err != nil {
					return err
				}
				if sight.Board == nil {
					break
				}
				if game.Compare(truth, sight.Board).Kind == game.NoChange {
					seen = true
					if len(sight.Unsure) > 0 {
						movesNamed++
						if failures {
							fmt.Fprintf(sio.out, "  %s: the move's view names %s\n", scene(), rules.FormatPoints(sight.Unsure))
						}
					}
					break
				}
				wrong++
				if failures {
					fmt.Fprintf(sio.out, "  %s: saw %v\n", scene(), game.Compare(truth, sight.Board))
				}
			}
			if !seen {
				unseen++
				if failures {
					fmt.Fprintf(sio.out, "  %s: the move not seen in %d frames %s\n", scene(), eyesFrames, lastTold)
				}
				continue
			}
			// The next turn's view.
			sight, err := lookWithin(e, truth, eyesFrames)
			if err != nil {
				return err
			}
			if sight.Board == nil {
				unseen++
				if failures {
					fmt.Fprintf(sio.out, "  %s: no view of the next turn in %d frames %s\n", scene(), eyesFrames, lastTold)
				}
				continue
			}
			turns++
			if ch := game.Compare(truth, sight.Board); ch.Kind != game.NoChange {
				wrong++
				if failures {
					fmt.Fprintf(sio.out, "  %s: the next turn saw %v\n", scene(), ch)
				}
			}
			if len(sight.Unsure) > 0 {
				named++
				if failures {
					fmt.Fprintf(sio.out, "  %s: the next turn's view names %s\n", scene(), rules.FormatPoints(sight.Unsure))
				}
			}
		}
	}
	fmt.Fprintf(sio.out, "%s games %d-%d through the eyes: %d frames; turn views %d, naming a doubt %d; the views that saw a move naming one %d; doubts told %d; moves not seen %d; views read wrong %d; %.1f s\n",
		look, first, first+n-1, frames, turns, named, movesNamed, told, unseen, wrong, time.Since(start).Seconds())
	return nil
}

// recordOf is the board of a rendered scene as the game records it: the
// reader's row 0 is row 15.
func recordOf(s synth.Scene) *rules.Board {
	b := rules.MustBoard(s.Size)
	for p, c := range s.Stones {
		col := rules.Black
		if c == vision.White {
			col = rules.White
		}
		b.Set(rules.Point{X: p[1], Y: s.Size - 1 - p[0]}, col)
	}
	return b
}
