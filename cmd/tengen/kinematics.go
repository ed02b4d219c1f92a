package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/calibration"
	"tengen/kinematics"
	"tengen/rules"
)

func init() {
	addCommand("", &command{name: "kinematics", summary: "the delta arm's kinematics: ik, fk, workspace, bench"})
	addCommand("kinematics", solveCommand("ik", "joint angles (degrees) that put the effector at a point",
		"point", "x,y,z", "effector point x,y,z in mm (arm frame, z < 0 below the motors)", "theta", "theta = %.4f°, %.4f°, %.4f°\n",
		func(g kinematics.Geometry, in [3]float64) ([3]float64, error) {
			th, err := g.IK(kinematics.Vec3(in))
			return [3]float64(th), err
		}))
	addCommand("kinematics", solveCommand("fk", "effector point (mm) for three joint angles",
		"theta", "t1,t2,t3", "joint angles t1,t2,t3 in degrees (0 = horizontal, > 0 down)", "point", "point = (%.4f, %.4f, %.4f) mm\n",
		func(g kinematics.Geometry, in [3]float64) ([3]float64, error) {
			p, err := g.FK(kinematics.Joints(in))
			return [3]float64(p), err
		}))
	addCommand("kinematics", &command{
		name:    "workspace",
		summary: "check that the board, the bowls and the parking spot are in reach",
		usage:   "[--geometry …] [--margin mm] [--a1 x,y,z --step-x … --step-y … --black-bowl … --white-bowl … --park … --travel-z z] [--json]",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			geo := fs.String("geometry", kinematics.SeedGeometry.String(), "arm geometry in mm")
			margin := fs.Float64("margin", 5, "required reach beyond each place, mm along each axis")
			asJSON := fs.Bool("json", false, "print the report as JSON")
			lay := kinematics.DefaultLayout
			vecs := []struct {
				name, help string
				v          *kinematics.Vec3
			}{
				{"a1", "the a1 intersection on the board's surface, x,y,z mm", &lay.A1},
				{"step-x", "vector from one intersection to the next column", &lay.StepX},
				{"step-y", "vector from one intersection to the next row", &lay.StepY},
				{"black-bowl", "black bowl's centre at picking height", &lay.BlackBowl},
				{"white-bowl", "white bowl's centre at picking height", &lay.WhiteBowl},
				{"park", "parking spot", &lay.Park},
			}
			for _, v := range vecs {
				def := fmt.Sprintf("%g,%g,%g", v.v[0], v.v[1], v.v[2])
				fs.Func(v.name, v.help+" (default "+def+")", func(s string) error {
					t, err := parseTriple(s)
					*v.v = kinematics.Vec3(t)
					return err
				})
			}
			fs.Float64Var(&lay.TravelZ, "travel-z", lay.TravelZ, "height the nozzle crosses the board at, mm")
			fs.IntVar(&lay.Size, "size", lay.Size, "board lines per side")
			return func(sio *stdio, args []string) error {
				if len(args) > 0 {
					return usageError("unexpected arguments %q", args)
				}
				g, err := kinematics.ParseGeometry(*geo)
				if err != nil {
					return usageError("--geometry: %v", err)
				}
				us := 2000.0 / 180 // 500–2500 µs over 180°
				rep, err := g.Workspace(kinematics.TypicalServo, [3]float64{us, us, us}, lay, *margin)
				if err != nil {
					return err
				}
				if *asJSON {
					if err := printJSON(sio, rep); err != nil {
						return err
					}
				} else {
					fmt.Fprintf(sio.out, "geometry %s, %dx%d board from a1 at %v, margin %g mm\n",
						g, lay.Size, lay.Size, lay.A1, rep.Margin)
					for _, p := range rep.Places {
						if !p.OK {
							fmt.Fprintf(sio.out, "  %-16s (%.1f, %.1f, %.1f): %s\n", p.Name, p.At[0], p.At[1], p.At[2], p.Error)
						}
					}
					fmt.Fprintf(sio.out, "%d places checked; least joint headroom %.1f°, coarsest resolution %.3f mm/µs\n",
						len(rep.Places), rep.WorstHeadroom, rep.WorstResolution)
				}
				if !rep.OK {
					return errors.New("some places are out of reach")
				}
				if !*asJSON {
					fmt.Fprintln(sio.out, "all in reach")
				}
				return nil
			}
		},
	})
}

// parseTriple reads three comma-separated numbers.
func parseTriple(s string) ([3]float64, error) {
	var v [3]float64
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return v, fmt.Errorf("%q: want three numbers separated by commas", s)
	}
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return v, fmt.Errorf("%q: value %d (%q) is not a number", s, i+1, p)
		}
		v[i] = x
	}
	return v, nil
}

func init() {
	addCommand("kinematics", &command{
		name:    "bench",
		summary: "time IK, FK and planning, and model a bowl→board→park cycle",
		usage:   "[--geometry …] [--json]",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			geo := fs.String("geometry", kinematics.SeedGeometry.String(), "arm geometry in mm")
			asJSON := fs.Bool("json", false, "print the figures as JSON")
			return func(sio *stdio, args []string) error {
				if len(args) > 0 {
					return usageError("unexpected arguments %q", args)
				}
				g, err := kinematics.ParseGeometry(*geo)
				if err != nil {
					return usageError("--geometry: %v", err)
				}
				b, err := benchKinematics(g)
				if err != nil {
					return err
				}
				if *asJSON {
					return printJSON(sio, b)
				}
				_, err = fmt.Fprintf(sio.out, "IK %.0f ns, FK %.0f ns per call\n"+
					"planning one cycle's moves (park→bowl→board→park): %.2f ms\n"+
					"modelled cycle bowl→board→park at 0.1 s per 60°: %.2f s (motion alone %.2f s)\n",
					b.IKNs, b.FKNs, b.PlanMs, b.CycleS, b.MotionS)
				return err
			}
		},
	})
}

// kinematicsBench holds the figures of `tengen kinematics bench`.
type kinematicsBench struct {
	IKNs    float64 `json:"ik_ns"`
	FKNs    float64 `json:"fk_ns"`
	PlanMs  float64 `json:"plan_ms"`
	MotionS float64 `json:"motion_s"`
	CycleS  float64 `json:"cycle_s"`
}

// benchKinematics times IK and FK over a sweep of the workspace and the
// planning of a pick-and-place, and models one cycle on the simulated arm:
// from the parking spot to the black bowl, a pick, to k4, a place, and
// back to park, with the servos at 0.1 s per 60° and the gripper's dwells.
func benchKinematics(g kinematics.Geometry) (kinematicsBench, error) {
	var b kinematicsBench
	lay, lim := kinematics.DefaultLayout, kinematics.TypicalServo
	var pts []kinematics.Vec3
	var ths []kinematics.Joints
	for x := -150.0; x <= 150; x += 30 {
		for y := -150.0; y <= 150; y += 30 {
			p := kinematics.Vec3{x, y, -440}
			th, err := g.IK(p)
			if err != nil {
				return b, fmt.Errorf("the seed layout is out of this geometry's reach: %w", err)
			}
			pts, ths = append(pts, p), append(ths, th)
		}
	}
	const rounds = 500
	start := time.Now()
	for range rounds {
		for _, p := range pts {
			g.IK(p)
		}
	}
	b.IKNs = float64(time.Since(start).Nanoseconds()) / float64(rounds*len(pts))
	start = time.Now()
	for range rounds {
		for _, th := range ths {
			g.FK(th)
		}
	}
	b.FKNs = float64(time.Since(start).Nanoseconds()) / float64(rounds*len(ths))
	to := lay.Intersection(rules.Point{X: 10, Y: 3})
	const plans = 20
	start = time.Now()
	for range plans {
		b.MotionS = 0
		for _, leg := range [][2]kinematics.Vec3{{lay.Park, lay.BlackBowl}, {lay.BlackBowl, to}, {to, lay.Park}} {
			tr, err := g.PlanTransfer(lim, leg[0], leg[1], lay.TravelZ, kinematics.DefaultStep)
			if err != nil {
				return b, err
			}
			b.MotionS += tr.Duration().Seconds()
		}
	}
	b.PlanMs = float64(time.Since(start).Microseconds()) / 1000 / plans
	cycle, err := modelCycle(g, rules.Point{X: 10, Y: 3})
	if err != nil {
		return b, err
	}
	b.CycleS = cycle.Seconds()
	return b, nil
}

// modelCycle runs park → pick from the black bowl → place on p → park on
// the simulated arm's virtual clock and returns the time it took.
func modelCycle(g kinematics.Geometry, p rules.Point) (time.Duration, error) {
	cal := armsim.SeedArm()
	cal.Geometry = calibration.Geometry(g)
	table := armsim.NewTable(kinematics.DefaultLayout, 8, 45, 10, 1)
	sim, err := armsim.New(armsim.Config{Geometry: g, Servos: cal.Servos, World: table}, arm.Pulses{})
	if err != nil {
		return 0, err
	}
	a, err := arm.New(sim, cal, arm.Options{})
	if err != nil {
		return 0, err
	}
	defer a.Close()
	ctx := context.Background()
	if err := a.Home(ctx); err != nil {
		return 0, err
	}
	start := sim.Now()
	if err := a.Pick(ctx, rules.Black); err != nil {
		return 0, err
	}
	if err := a.Place(ctx, p); err != nil {
		return 0, err
	}
	if err := a.Park(ctx); err != nil {
		return 0, err
	}
	return sim.Now() - start, nil
}

// solveCommand is ik or fk: one triple in (--in), one triple out, printed
// as text or as JSON {out:[a,b,c]}.
func solveCommand(name, summary, in, inForm, inHelp, out, format string, solve func(kinematics.Geometry, [3]float64) ([3]float64, error)) *command {
	return &command{
		name:    name,
		summary: summary,
		usage:   fmt.Sprintf("[--geometry f=…,e=…,rf=…,re=…] --%s %s [--json]", in, inForm),
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			geo := fs.String("geometry", kinematics.SeedGeometry.String(), "arm geometry in mm: base side f, effector side e, upper arm rf, forearm re")
			arg := fs.String(in, "", inHelp)
			asJSON := fs.Bool("json", false, fmt.Sprintf("print JSON {%q:[a,b,c]}", out))
			return func(sio *stdio, args []string) error {
				if len(args) > 0 {
					return usageError("unexpected arguments %q", args)
				}
				g, err := kinematics.ParseGeometry(*geo)
				if err != nil {
					return usageError("--geometry: %v", err)
				}
				if *arg == "" {
					return usageError("--%s %s is required", in, inForm)
				}
				v, err := parseTriple(*arg)
				if err != nil {
					return usageError("--%s: %v", in, err)
				}
				r, err := solve(g, v)
				if err != nil {
					return err
				}
				if *asJSON {
					return printJSON(sio, map[string]any{out: r[:]})
				}
				_, err = fmt.Fprintf(sio.out, format, r[0], r[1], r[2])
				return err
			}
		},
	}
}
