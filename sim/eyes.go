package sim

import (
	"cmp"
	"context"
	"fmt"
	"slices"

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
	// Views counts the steady views returned, Naming those that named
	// points the camera could not vouch for (game.Sight.Unsure).
	Views, Naming int
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
func (e *Eyes) Look(ctx context.Context) (game.Sight, error) { return e.LookFor(ctx, nil) }

// LookFor implements game.Expecter: a view may keep a few points the
// camera cannot vouch for (View.Unsure) where they read as want has them;
// it names those that were news in any of the frames it held for (not
// View.Standing), as rig.Eyes does.
func (e *Eyes) LookFor(ctx context.Context, want game.Expect) (game.Sight, error) {
	v, news, err := lookSteady(ctx, e.Settle, maxCameraErrors, want, func() (View, error) {
		if err := e.World.Err(); err != nil {
			return View{}, errFrame{err}
		}
		for _, p := range e.People {
			if err := p.Step(ctx, e.World); err != nil {
				return View{}, errFrame{err}
			}
		}
		e.Frames++
		return e.Camera.View(e.World)
	})
	if err != nil {
		return game.Sight{}, err
	}
	if v.Pose != nil && e.onPose != nil {
		if err := e.onPose(*v.Pose); err != nil {
			return game.Sight{}, err
		}
	}
	if v.Taken != nil {
		v.Taken()
	}
	if e.onSteady != nil {
		e.onSteady()
	}
	e.Views++
	if len(news) > 0 {
		e.Naming++
	}
	return game.Sight{Board: v.Board, Evidence: v.Frame, Centre: v.Centre, Unsure: news}, nil
}

// errFrame marks an error of the world or the actors, not of the camera:
// lookSteady returns it at once.
type errFrame struct{ error }

func (e errFrame) Unwrap() error { return e.error }

// lookSteady takes frames until a view of the board has held for settle
// frames [3] with nothing over it, and no point it cannot vouch for but
// those that read as want has them. A frozen camera's repeated frame is
// no news; a failed frame (dropped, camera unplugged) is waited out up to
// maxFailed in a row. frame steps the table and returns the camera's view.
// It returns the latest view, and the points any of the views it held for
// had unsure and not standing (View.Standing), in the board's order.
func lookSteady(ctx context.Context, settle, maxFailed int, want game.Expect, frame func() (View, error)) (View, []rules.Point, error) {
	if settle <= 0 {
		settle = 3
	}
	var last View
	var news []rules.Point
	addNews := func(v View) {
		for _, p := range v.Unsure {
			if !slices.Contains(v.Standing, p) && !slices.Contains(news, p) {
				news = append(news, p)
			}
		}
	}
	same, failed := 0, 0
	var seq uint64
	for i := 0; i < maxFrames; i++ {
		if err := ctx.Err(); err != nil {
			return View{}, nil, err
		}
		v, err := frame()
		if fe, ok := err.(errFrame); ok {
			return View{}, nil, fe.error
		}
		if err != nil {
			if failed++; failed >= maxFailed {
				return View{}, nil, fmt.Errorf("no frame from the camera for %d frames: %w", failed, err)
			}
			last.Board, same = nil, 0
			continue
		}
		failed = 0
		if v.Seq != 0 && v.Seq == seq {
			continue
		}
		seq = v.Seq
		if v.Occluded || v.Board == nil || !vouched(want, v) {
			last.Board, same = nil, 0
			continue
		}
		if last.Board != nil && equal(last.Board, v.Board) {
			same++
		} else {
			last, same, news = v, 1, nil
		}
		addNews(v)
		if same >= settle {
			v.Board = last.Board
			slices.SortFunc(news, func(a, b rules.Point) int { return cmp.Or(a.Y-b.Y, a.X-b.X) })
			return v, news, nil
		}
	}
	return View{}, nil, fmt.Errorf("no steady view of the board in %d frames", maxFrames)
}

// vouched reports whether want vouches for the view's unsure points: each
// reads as want has it.
func vouched(want game.Expect, v View) bool {
	for _, p := range v.Unsure {
		if want == nil || want(p) != v.Board.At(p) {
			return false
		}
	}
	return true
}

func equal(a, b *rules.Board) bool {
	return game.Compare(a, b).Kind == game.NoChange
}
