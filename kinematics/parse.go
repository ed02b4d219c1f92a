package kinematics

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ParseGeometry reads a geometry written as "f=200,e=60,rf=100,re=450"
// (keys in any order, each exactly once, lengths in mm) and validates it.
func ParseGeometry(s string) (Geometry, error) {
	var g Geometry
	seen := map[string]bool{}
	for field := range strings.SplitSeq(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(field), "=")
		if !ok {
			return Geometry{}, fmt.Errorf("geometry %q: %q is not key=value (want f=…,e=…,rf=…,re=…)", s, field)
		}
		k = strings.ToLower(strings.TrimSpace(k))
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return Geometry{}, fmt.Errorf("geometry %q: %s=%q is not a length in mm", s, k, v)
		}
		if seen[k] {
			return Geometry{}, fmt.Errorf("geometry %q: %s given twice", s, k)
		}
		seen[k] = true
		switch k {
		case "f":
			g.F = x
		case "e":
			g.E = x
		case "rf":
			g.RF = x
		case "re":
			g.RE = x
		default:
			return Geometry{}, fmt.Errorf("geometry %q: unknown key %q (want f, e, rf, re)", s, k)
		}
	}
	for _, k := range []string{"f", "e", "rf", "re"} {
		if !seen[k] {
			return Geometry{}, fmt.Errorf("geometry %q: %s missing (want f=…,e=…,rf=…,re=…)", s, k)
		}
	}
	if err := g.Validate(); err != nil {
		return Geometry{}, err
	}
	return g, nil
}

// String writes g in the form ParseGeometry reads.
func (g Geometry) String() string {
	return fmt.Sprintf("f=%g,e=%g,rf=%g,re=%g", g.F, g.E, g.RF, g.RE)
}
