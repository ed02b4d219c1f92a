package sim

import (
	"context"
	"fmt"

	"tengen/game"
	"tengen/rules"
)

// Eyes are the game's eyes on the simulated world: every frame lets the
// person act, then the camera looks; a view counts once it has held for
// Settle frames with nothing over the board.
type Eyes struct {
	World  *World
	People []*Person // the people at the table, stepped in turn each frame
	Camera Camera
	Settle int // frames a view must hold [3]
	// Frames counts every frame taken: the simulation's clock.
	Frames int
}

// maxFrames bounds one Look: a steady view must come within it.
const maxFrames = 2000

// Look implements game.Eyes.
func (e *Eyes) Look(ctx context.Context) (game.Sight, error) {
	settle := e.Settle
	if settle <= 0 {
		settle = 3
	}
	var last *rules.Board
	same := 0
	for i := 0; i < maxFrames; i++ {
		if err := ctx.Err(); err != nil {
			return game.Sight{}, err
		}
		if err := e.World.Err(); err != nil {
			return game.Sight{}, err
		}
		for _, p := range e.People {
			if err := p.Step(ctx, e.World); err != nil {
				return game.Sight{}, err
			}
		}
		v, err := e.Camera.View(e.World)
		e.Frames++
		if err != nil {
			return game.Sight{}, err
		}
		if v.Occluded || v.Board == nil {
			last, same = nil, 0
			continue
		}
		if last != nil && equal(last, v.Board) {
			same++
		} else {
			last, same = v.Board, 1
		}
		if same >= settle {
			return game.Sight{Board: last, Evidence: v.Frame}, nil
		}
	}
	return game.Sight{}, fmt.Errorf("no steady view of the board in %d frames", maxFrames)
}

func equal(a, b *rules.Board) bool {
	return game.Compare(a, b).Kind == game.NoChange
}
