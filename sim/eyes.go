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
	// onSteady, if set, is called on every steady view Look returns.
	onSteady func()
	// onPose, if set, is told where the camera sees the board on every
	// steady view that says.
	onPose func(BoardPose) error
}

// maxCameraErrors is how many failed frames in a row Look tolerates (a
// dropped frame, a camera unplugged for a while) before it reports the
// camera gone.
const maxCameraErrors = 300

// maxFrames bounds one Look: a steady view must come within it.
const maxFrames = 2000

// Look implements game.Eyes.
func (e *Eyes) Look(ctx context.Context) (game.Sight, error) {
	settle := e.Settle
	if settle <= 0 {
		settle = 3
	}
	var last *rules.Board
	same, failed := 0, 0
	var seq uint64
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
			// A dropped frame or an unplugged camera: wait for it to
			// come back, up to a point.
			if failed++; failed >= maxCameraErrors {
				return game.Sight{}, fmt.Errorf("no frame from the camera for %d frames: %w", failed, err)
			}
			last, same = nil, 0
			continue
		}
		failed = 0
		if v.Seq != 0 && v.Seq == seq {
			continue // a frozen camera repeats its frame: no news of the board
		}
		seq = v.Seq
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
			if v.Pose != nil && e.onPose != nil {
				if err := e.onPose(*v.Pose); err != nil {
					return game.Sight{}, err
				}
			}
			if e.onSteady != nil {
				e.onSteady()
			}
			return game.Sight{Board: last, Evidence: v.Frame}, nil
		}
	}
	return game.Sight{}, fmt.Errorf("no steady view of the board in %d frames", maxFrames)
}

func equal(a, b *rules.Board) bool {
	return game.Compare(a, b).Kind == game.NoChange
}
