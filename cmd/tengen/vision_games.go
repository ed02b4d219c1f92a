//go:build cgo

package main

import (
	"fmt"
	"iter"
	"math"
	"math/rand"
	"strings"
	"time"

	"tengen/sim"
	"tengen/vision"
	"tengen/vision/synth"
)

// gameLooks are the looks a rendered game may be seen in (--games):
// robot, the simulator's camera over our board (light, glare and noise
// drawn per game, sunlight in one game of five); sunlit, the same always
// with patches of sunlight; varied, synth.Varied's boards and cameras.
var gameLooks = map[string]func(rng *rand.Rand, n int) synth.Scene{
	"robot":  func(rng *rand.Rand, n int) synth.Scene { return robotScene(rng, n, rng.Intn(5) == 0) },
	"sunlit": func(rng *rand.Rand, n int) synth.Scene { return robotScene(rng, n, true) },
	"varied": synth.Varied,
}

// robotScene is the simulator's camera over an n x n board (see
// sim.NewRenderedCamera), its light, glare and noise drawn from rng, with
// sunlight where sun (as the sunlit set has it).
func robotScene(rng *rand.Rand, n int, sun bool) synth.Scene {
	cam := sim.NewRenderedCamera()
	s := synth.Scene{Width: cam.Width, Height: cam.Height, Size: n, Corners: cam.Corners,
		Light: 0.5 * rng.Float64(), Glare: 0.5 * rng.Float64(), Noise: 2 + 4*rng.Float64()}
	if sun {
		s.Sun, s.SunPatches = 0.3+0.3*rng.Float64(), 3+rng.Intn(4)
	}
	return s
}

// benchGames reads n rendered games of 15x15 in the look named, games
// first to first+n-1 (each drawn from its number alone): each a
// random game of 20 to 60 moves (each stone within two points of one
// played, a quarter of them off their points by up to a tenth of a step),
// a frame rendered after every move (the sunlight, where there is any,
// staying where it falls all game; noise and glare anew each frame) and
// read at the true corners, as the robot's fixed camera reads the board.
// It prints how many frames and games had a point misread, and how many
// at a confidence of 0.5 or more (below that the game treats a point as
// unsure, see rig's Eyes), then how many were read right yet doubted a
// point (below vision.Sure: the robot would wait, then ask); with
// failures, every misread point and every doubt of a frame read right.
func benchGames(sio *stdio, first, n int, look string, failures bool) error {
	games, err := lookGames(first, look)
	if err != nil {
		return err
	}
	return tallyGames(sio, first, n, look, failures, games)
}

// lookGames checks the bench's --first and --looks and gives the look's
// games, each's scenes with their move numbers (gameFrames).
func lookGames(first int, look string) (func(g int) iter.Seq2[int, synth.Scene], error) {
	if first < 0 {
		return nil, fmt.Errorf("--first %d: want a game number of 0 or more", first)
	}
	gen, ok := gameLooks[look]
	if !ok {
		return nil, fmt.Errorf("--looks %q: want robot, sunlit or varied", look)
	}
	return func(g int) iter.Seq2[int, synth.Scene] { return gameFrames(gen, g) }, nil
}

// tallyGames reads games first to first+n-1, each's frames as game(g)
// yields them with their move numbers, and prints benchGames's report.
func tallyGames(sio *stdio, first, n int, look string, failures bool, game func(g int) iter.Seq2[int, synth.Scene]) error {
	start := time.Now()
	var frames, badFrames, sureFrames, badGames, sureGames, doubtFrames, doubtGames int
	for g := first; g < first+n; g++ {
		bad, sure, doubt := false, false, false
		for mv, s := range game(g) {
			rd, err := vision.ReadStones(synth.Planes(synth.Render(s)), s.Size, s.Corners)
			if err != nil {
				return fmt.Errorf("game %d move %d: %w", g, mv, err)
			}
			frames++
			wrong, frameSure, doubts := judgeFrame(s, rd)
			scene := func() string {
				return fmt.Sprintf("%s game %d move %d (light %.2f glare %.2f noise %.1f sun %.2f look %+v)",
					look, g, mv, s.Light, s.Glare, s.Noise, s.Sun, s.Look)
			}
			if len(doubts) > 0 {
				doubtFrames++
				doubt = true
				if failures {
					fmt.Fprintf(sio.out, "  %s: read right, doubtful: %s\n", scene(), strings.Join(doubts, ", "))
				}
			}
			if len(wrong) == 0 {
				continue
			}
			badFrames++
			bad = true
			if frameSure {
				sureFrames++
				sure = true
			}
			if failures {
				fmt.Fprintf(sio.out, "  %s: %s\n", scene(), strings.Join(wrong, ", "))
			}
		}
		if bad {
			badGames++
		}
		if sure {
			sureGames++
		}
		if doubt {
			doubtGames++
		}
	}
	fmt.Fprintf(sio.out, "%s games %d-%d: %d read (%d frames); frames misread %d (at confidence >= 0.5: %d); games with a misread frame %d (at confidence >= 0.5: %d); %.1f s\n",
		look, first, first+n-1, n, frames, badFrames, sureFrames, badGames, sureGames, time.Since(start).Seconds())
	perK := 0.0
	if frames > 0 {
		perK = 1000 * float64(doubtFrames) / float64(frames)
	}
	fmt.Fprintf(sio.out, "%s games %d-%d: frames read right but doubtful (a point below %.1f) %d (%.1f per 1,000 frames); games with such a frame %d\n",
		look, first, first+n-1, vision.Sure, doubtFrames, perK, doubtGames)
	return nil
}

// judgeFrame compares a frame's reading with the scene it was rendered
// from. wrong lists the points misread (true content, read, confidence)
// and sure tells whether one was read at vision.Sure or more. A frame
// read right may still be doubtful: doubts then lists its points below
// vision.Sure, where the robot's tracker would wait and, after a while,
// ask the player to set the point straight (rig's Eyes) though all is
// well; each with its true content, its confidence, how far its stone
// lies off its point (off, in steps) and the sunlight on it (sun), where
// there is any.
func judgeFrame(s synth.Scene, rd *vision.Reading) (wrong []string, sure bool, doubts []string) {
	truth := synth.Truth(s)
	for r, row := range truth {
		for c, want := range row {
			if got := rd.Stones[r][c]; got != want {
				wrong = append(wrong, fmt.Sprintf("row %d col %d %c read %c (%.2f)", r, c, want, got, rd.Conf[r][c]))
				sure = sure || rd.Conf[r][c] >= vision.Sure
			}
		}
	}
	if len(wrong) > 0 {
		return wrong, sure, nil
	}
	sun := synth.Sunlight(s)
	for _, p := range rd.Doubtful(vision.Sure) {
		r, c := p[0], p[1]
		d := fmt.Sprintf("row %d col %d %c (%.2f", r, c, truth[r][c], rd.Conf[r][c])
		if o, ok := s.Offsets[p]; ok && truth[r][c] != vision.Empty {
			d += fmt.Sprintf(", off %.2f", math.Hypot(o[0], o[1]))
		}
		if v := sun(r, c); v > 0 {
			d += fmt.Sprintf(", sun %.2f", v)
		}
		doubts = append(doubts, d+")")
	}
	return nil, false, doubts
}

// gameFrames yields the frames of rendered game g of 15x15 in a look
// (see benchGames), each with the number of the move just played. The
// game is drawn from g alone.
func gameFrames(gen func(rng *rand.Rand, n int) synth.Scene, g int) iter.Seq2[int, synth.Scene] {
	return func(yield func(int, synth.Scene) bool) {
		const size = 15
		rng := rand.New(rand.NewSource(int64(1000003*g + 17)))
		s := gen(rng, size)
		s.SunSeed = rng.Int63() | 1 // the sunlight stays put while Seed changes
		s.Stones, s.Offsets = map[[2]int]vision.Stone{}, map[[2]int][2]float64{}
		moves := 20 + rng.Intn(41)
		for mv := 0; mv < moves; mv++ {
			p := nextStone(rng, s.Stones, size, mv == 0)
			s.Stones[p] = vision.Stone("BW"[mv%2])
			if rng.Intn(4) == 0 {
				s.Offsets[p] = [2]float64{(rng.Float64() - 0.5) * 0.2, (rng.Float64() - 0.5) * 0.2}
			}
			s.Seed = rng.Int63()
			if !yield(mv+1, s) {
				return
			}
		}
	}
}

// nextStone is a random empty point: near the centre for the first
// stone, then within two points of a stone played.
func nextStone(rng *rand.Rand, stones map[[2]int]vision.Stone, n int, first bool) [2]int {
	for {
		if first {
			return [2]int{n/2 - 2 + rng.Intn(5), n/2 - 2 + rng.Intn(5)}
		}
		p := [2]int{rng.Intn(n), rng.Intn(n)}
		if _, taken := stones[p]; taken {
			continue
		}
		for dr := -2; dr <= 2; dr++ {
			for dc := -2; dc <= 2; dc++ {
				if _, ok := stones[[2]int{p[0] + dr, p[1] + dc}]; ok {
					return p
				}
			}
		}
	}
}
