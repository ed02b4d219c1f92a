package vision_test

import (
	"slices"
	"testing"

	"tengen/vision"
	"tengen/vision/synth"
)

// sunlitBoard is the still camera of the standing-doubt tests: three
// stones in the middle and a patch of sunlight that washes out the lines
// of two empty points (rows 2, columns 3 and 4). sc renders a frame of the
// stones given with the frame's own noise; read reads it.
func sunlitBoard(t *testing.T) (stones map[[2]int]vision.Stone, sc func(map[[2]int]vision.Stone, int64) synth.Scene, read func(synth.Scene) (*vision.Planes, *vision.Reading)) {
	t.Helper()
	stones = map[[2]int]vision.Stone{{7, 7}: vision.Black, {7, 8}: vision.White, {6, 8}: vision.Black}
	corners := [4]vision.Point{{X: 120, Y: 40}, {X: 520, Y: 48}, {X: 540, Y: 440}, {X: 100, Y: 430}}
	sc = func(stones map[[2]int]vision.Stone, frame int64) synth.Scene {
		return synth.Scene{Width: 640, Height: 480, Size: 15, Corners: corners, Stones: stones,
			Light: 0.3, Noise: 3, Seed: 1, NoiseSeed: frame, Sun: 0.6, SunPatches: 3, SunSeed: 22}
	}
	read = func(s synth.Scene) (*vision.Planes, *vision.Reading) {
		pl := synth.Planes(synth.Render(s))
		r, err := vision.ReadStones(pl, 15, corners)
		if err != nil {
			t.Fatal(err)
		}
		return pl, r
	}
	return stones, sc, read
}

// TestStandingDoubts follows a patch of sunlight that washes out the lines
// of two empty points (rows 2, columns 3 and 4) before a still camera: the
// doubts are news until the board changes (a move made with them there),
// then standing frame after frame, each frame with its own noise; a white
// stone set on one of them, or a hand over it, is news again, even where
// the reader took it for the empty point it was (the look, not the
// reading, must tell).
func TestStandingDoubts(t *testing.T) {
	stones, sc, read := sunlitBoard(t)
	patch := [][2]int{{2, 3}, {2, 4}}
	var d vision.StandingDoubts
	for f := int64(1); f <= 2; f++ {
		pl, r := read(sc(stones, f))
		doubtful := r.Doubtful(vision.Sure)
		if !slices.Equal(doubtful, patch) {
			t.Fatalf("frame %d: doubtful %v, want %v (this test's sunlight no longer washes them out?)", f, doubtful, patch)
		}
		if news := d.News(pl, r, doubtful); !slices.Equal(news, patch) {
			t.Errorf("frame %d, before any move: news %v, want %v", f, news, patch)
		}
		if f == 2 {
			d.Seen(pl, r, doubtful) // the game's first view: the board as it is
		}
	}
	for f := int64(3); f <= 8; f++ {
		pl, r := read(sc(stones, f))
		if news := d.News(pl, r, r.Doubtful(vision.Sure)); len(news) > 0 {
			t.Errorf("frame %d, the patch as it was: news %v, want none", f, news)
		}
	}
	// As if the reader took what is on (2, 3) for the sunlit empty point.
	asEmpty := func(r *vision.Reading) *vision.Reading {
		c := *r
		c.Stones = slices.Clone(r.Stones)
		c.Stones[2] = slices.Clone(r.Stones[2])
		c.Stones[2][3] = vision.Empty
		return &c
	}
	white := map[[2]int]vision.Stone{{2, 3}: vision.White}
	for p, s := range stones {
		white[p] = s
	}
	pl, r := read(sc(white, 9))
	if news := d.News(pl, asEmpty(r), patch); !slices.Contains(news, [2]int{2, 3}) {
		t.Errorf("a white stone set on (2, 3): news %v, want (2, 3) among them", news)
	}
	hand := sc(stones, 10)
	h, err := vision.GridHomography(15, hand.Corners)
	if err != nil {
		t.Fatal(err)
	}
	hand.Hand, hand.HandAt = true, h.Apply(3, 2.8)
	pl, r = read(hand)
	if news := d.News(pl, asEmpty(r), patch); !slices.Contains(news, [2]int{2, 3}) {
		t.Errorf("a hand over (2, 3): news %v, want (2, 3) among them", news)
	}
	// The patch as it was, once more: the looks of the stone and of the
	// hand (over both points) were news, not the light, so the points
	// are news until the next move.
	pl, r = read(sc(stones, 11))
	if news := d.News(pl, r, r.Doubtful(vision.Sure)); !slices.Equal(news, patch) {
		t.Errorf("the patch bare again: news %v, want %v until a move", news, patch)
	}
	d.Seen(pl, r, r.Doubtful(vision.Sure)) // unchanged board: no move
	pl, r = read(sc(stones, 12))
	if news := d.News(pl, r, r.Doubtful(vision.Sure)); !slices.Equal(news, patch) {
		t.Errorf("a view of the same board: news %v, want %v until a move", news, patch)
	}
	moved := map[[2]int]vision.Stone{{10, 10}: vision.Black}
	for p, s := range stones {
		moved[p] = s
	}
	pl, r = read(sc(moved, 13))
	d.Seen(pl, r, r.Doubtful(vision.Sure))
	pl, r = read(sc(moved, 14))
	if news := d.News(pl, r, r.Doubtful(vision.Sure)); len(news) > 0 {
		t.Errorf("after a move: news %v, want none", news)
	}
}
