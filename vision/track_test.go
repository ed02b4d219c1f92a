package vision_test

import (
	"fmt"
	"strings"
	"testing"

	"tengen/vision"
	"tengen/vision/synth"
)

// board parses rows like "..B/.W./..." into a reading with full confidence.
func reading(rows string, corners [4]vision.Point) *vision.Reading {
	var st [][]vision.Stone
	var conf [][]float64
	for _, r := range strings.Split(rows, "/") {
		var row []vision.Stone
		var cr []float64
		for _, c := range r {
			row = append(row, vision.Stone(c))
			cr = append(cr, 1)
		}
		st = append(st, row)
		conf = append(conf, cr)
	}
	return &vision.Reading{Size: len(st), Corners: corners, Stones: st, Conf: conf}
}

var sq = [4]vision.Point{{X: 0, Y: 0}, {X: 100, Y: 0}, {X: 100, Y: 100}, {X: 0, Y: 100}}

func TestTrackerLogic(t *testing.T) {
	shifted := [4]vision.Point{{X: 30, Y: 0}, {X: 130, Y: 0}, {X: 130, Y: 100}, {X: 30, Y: 100}}
	hand := "?" // a doubtful frame
	for _, c := range []struct {
		name   string
		frames []string
		want   string // events, space separated
	}{
		{"first board", []string{"..../..../..../....", "..../..../..../....", "..../..../..../...."}, "stable@2"},
		{"one stone", []string{"....", "....", "....", ".B..", ".B..", ".B.."}, "stable@2 placed@5"},
		{"flicker ignored", []string{"....", "....", "....", ".B..", "....", ".B..", "....", "....", "...."}, "stable@2"},
		{"several", []string{"....", "....", "....", "BW..", "BW..", "BW.."}, "stable@2 placed-many@5"},
		{"removed", []string{".B..", ".B..", ".B..", "....", "....", "...."}, "stable@2 removed@5"},
		{"moved", []string{".B..", ".B..", ".B..", "..B.", "..B.", "..B."}, "stable@2 moved@5"},
		{"moved far is not a slide", []string{"B...", "B...", "B...", "...B", "...B", "...B"}, "stable@2 changed@5"},
		{"hand then stone", []string{"....", "....", "....", hand, hand, ".B..", ".B..", ".B.."}, "stable@2 occluded@3 placed@7"},
		{"hand, nothing", []string{"....", "....", "....", hand, "....", "....", "...."}, "stable@2 occluded@3 stable@6"},
		{"burst is occlusion", []string{"....", "....", "....", "BBBB/B...", "BBBB/B...", "BBBB/B...", "....", "....", "...."}, "stable@2 occluded@3 stable@8"},
		{"shift", []string{"....", "....", "....", "S....", "S....", "S...."}, "stable@2 shifted@5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := vision.NewTracker()
			var got []string
			for i, f := range c.frames {
				o := vision.Observation{Seq: i}
				switch {
				case f == hand:
					o.Reading = reading("..../..../..../....", sq)
					o.Reading.Conf[1][1] = 0.05
				case strings.HasPrefix(f, "S"):
					o.Reading = reading(strings.TrimPrefix(f, "S")[:4]+"/..../..../....", shifted)
				case strings.Contains(f, "/"):
					o.Reading = reading(f, sq)
				default:
					o.Reading = reading(f+"/..../..../....", sq)
				}
				for _, e := range tr.Feed(o) {
					got = append(got, fmt.Sprintf("%s@%d", e.Kind, e.Evidence.Seq))
				}
			}
			if g := strings.Join(got, " "); g != c.want {
				t.Errorf("events %q, want %q", g, c.want)
			}
		})
	}
}

// TestTrackerRendered runs the tracker on rendered frames: a 9x9 board,
// a hand over it for a while, then a stone, with light and noise.
func TestTrackerRendered(t *testing.T) {
	base := synth.Scene{Width: 320, Height: 240, Size: 9,
		Corners: [4]vision.Point{{X: 70, Y: 30}, {X: 250, Y: 35}, {X: 270, Y: 215}, {X: 55, Y: 210}},
		Stones:  map[[2]int]vision.Stone{{4, 4}: vision.Black},
		Light:   0.3, Noise: 3}
	var scenes []synth.Scene
	for i := 0; i < 3; i++ {
		scenes = append(scenes, base)
	}
	for i := 0; i < 3; i++ { // a hand, moving
		s := base
		s.Hand, s.Seed = true, int64(10+i)
		s.HandAt = vision.Point{X: 160 + 10*float64(i), Y: 120}
		scenes = append(scenes, s)
	}
	after := base
	after.Stones = map[[2]int]vision.Stone{{4, 4}: vision.Black, {3, 5}: vision.White}
	for i := 0; i < 3; i++ {
		after.Seed = int64(20 + i)
		scenes = append(scenes, after)
	}
	tr := vision.NewTracker()
	var got []string
	var placed *vision.Event
	for i, s := range scenes {
		pl := synth.Planes(synth.Render(s))
		r, err := vision.ReadStones(pl, s.Size, s.Corners)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range tr.Feed(vision.Observation{Seq: i, Frame: pl, Reading: r}) {
			got = append(got, e.Kind.String())
			if e.Kind == vision.Placed {
				placed = &e
			}
		}
	}
	t.Logf("events %v", got)
	if got[0] != "stable" || placed == nil {
		t.Fatalf("events %v: want stable first and a placed stone", got)
	}
	if c := placed.Changes[0]; c.Row != 3 || c.Col != 5 || c.Now != vision.White || placed.Evidence.Frame == nil {
		t.Errorf("placed %+v", placed)
	}
	if strings.Join(got, " ") != "stable occluded placed" {
		t.Errorf("events %v, want stable, occluded, placed", got)
	}
}
