package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"tengen/kinematics"
)

func init() {
	addCommand("", &command{name: "kinematics", summary: "the delta arm's kinematics: ik, fk, workspace, bench"})
	addCommand("kinematics", &command{
		name:    "ik",
		summary: "joint angles (degrees) that put the effector at a point",
		usage:   "[--geometry f=…,e=…,rf=…,re=…] --point x,y,z [--json]",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			geo := fs.String("geometry", kinematics.SeedGeometry.String(), "arm geometry in mm: base side f, effector side e, upper arm rf, forearm re")
			point := fs.String("point", "", "effector point x,y,z in mm (arm frame, z < 0 below the motors)")
			asJSON := fs.Bool("json", false, "print JSON {\"theta\":[t1,t2,t3]}")
			return func(sio *stdio, args []string) error {
				if len(args) > 0 {
					return usageError("unexpected arguments %q", args)
				}
				g, err := kinematics.ParseGeometry(*geo)
				if err != nil {
					return usageError("--geometry: %v", err)
				}
				if *point == "" {
					return usageError("--point x,y,z is required")
				}
				p, err := parseTriple(*point)
				if err != nil {
					return usageError("--point: %v", err)
				}
				th, err := g.IK(kinematics.Vec3(p))
				if err != nil {
					return err
				}
				if *asJSON {
					return printJSON(sio, map[string]any{"theta": th[:]})
				}
				_, err = fmt.Fprintf(sio.out, "theta = %.4f°, %.4f°, %.4f°\n", th[0], th[1], th[2])
				return err
			}
		},
	})
	addCommand("kinematics", &command{
		name:    "fk",
		summary: "effector point (mm) for three joint angles",
		usage:   "[--geometry f=…,e=…,rf=…,re=…] --theta t1,t2,t3 [--json]",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			geo := fs.String("geometry", kinematics.SeedGeometry.String(), "arm geometry in mm: base side f, effector side e, upper arm rf, forearm re")
			theta := fs.String("theta", "", "joint angles t1,t2,t3 in degrees (0 = horizontal, > 0 down)")
			asJSON := fs.Bool("json", false, "print JSON {\"point\":[x,y,z]}")
			return func(sio *stdio, args []string) error {
				if len(args) > 0 {
					return usageError("unexpected arguments %q", args)
				}
				g, err := kinematics.ParseGeometry(*geo)
				if err != nil {
					return usageError("--geometry: %v", err)
				}
				if *theta == "" {
					return usageError("--theta t1,t2,t3 is required")
				}
				th, err := parseTriple(*theta)
				if err != nil {
					return usageError("--theta: %v", err)
				}
				p, err := g.FK(kinematics.Joints(th))
				if err != nil {
					return err
				}
				if *asJSON {
					return printJSON(sio, map[string]any{"point": p[:]})
				}
				_, err = fmt.Fprintf(sio.out, "point = (%.4f, %.4f, %.4f) mm\n", p[0], p[1], p[2])
				return err
			}
		},
	})
	addCommand("kinematics", &command{
		name:    "workspace",
		summary: "check that the board, the bowls and the parking spot are in reach",
		usage:   "[--geometry …] [--margin mm] [--json]",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			geo := fs.String("geometry", kinematics.SeedGeometry.String(), "arm geometry in mm")
			margin := fs.Float64("margin", 5, "required reach beyond each place, mm along each axis")
			asJSON := fs.Bool("json", false, "print the report as JSON")
			return func(sio *stdio, args []string) error {
				if len(args) > 0 {
					return usageError("unexpected arguments %q", args)
				}
				g, err := kinematics.ParseGeometry(*geo)
				if err != nil {
					return usageError("--geometry: %v", err)
				}
				us := 2000.0 / 180 // 500–2500 µs over 180°
				rep, err := g.Workspace(kinematics.TypicalServo, [3]float64{us, us, us}, kinematics.DefaultLayout, *margin)
				if err != nil {
					return err
				}
				if *asJSON {
					if err := printJSON(sio, rep); err != nil {
						return err
					}
				} else {
					fmt.Fprintf(sio.out, "geometry %s, seed layout (15x15 board, 24.5 mm cells, surface at z=%g), margin %g mm\n",
						g, kinematics.DefaultLayout.A1[2], rep.Margin)
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
