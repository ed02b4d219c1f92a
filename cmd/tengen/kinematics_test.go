package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"tengen/kinematics"
)

// lastJSONKeys decodes the last line of out into a map, checking the keys.
func lastJSONKeys(t *testing.T, out string, keys ...string) map[string]json.RawMessage {
	t.Helper()
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &m); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			t.Fatalf("JSON %s lacks key %q", lines[len(lines)-1], k)
		}
	}
	return m
}

func TestKinematicsIKFK(t *testing.T) {
	geo := "f=200,e=60,rf=100,re=450"
	for _, p := range []string{"0,0,-450", "120,-80,-430", "-150,160,-420"} {
		out, errs, code := runCLI(t, "", "kinematics", "ik", "--geometry", geo, "--point", p, "--json")
		if code != 0 {
			t.Fatalf("ik %s: exit %d: %s", p, code, errs)
		}
		var theta []float64
		if err := json.Unmarshal(lastJSONKeys(t, out, "theta")["theta"], &theta); err != nil || len(theta) != 3 {
			t.Fatalf("theta %v: %v", theta, err)
		}
		want, _ := parseTriple(p)
		th, _ := kinematics.SeedGeometry.IK(want)
		for i := range 3 {
			if theta[i] != th[i] {
				t.Errorf("ik %s: theta %v, package says %v", p, theta, th)
			}
		}
		arg := strings.Trim(string(mustJSON(t, theta)), "[]") // "t1,t2,t3", exact
		out, errs, code = runCLI(t, "", "kinematics", "fk", "--geometry", geo, "--theta", arg, "--json")
		if code != 0 {
			t.Fatalf("fk %s: exit %d: %s", arg, code, errs)
		}
		var pt []float64
		if err := json.Unmarshal(lastJSONKeys(t, out, "point")["point"], &pt); err != nil || len(pt) != 3 {
			t.Fatalf("point %v: %v", pt, err)
		}
		for i := range 3 {
			if math.Abs(pt[i]-want[i]) > 1e-9 {
				t.Errorf("fk(ik(%s)) = %v", p, pt)
			}
		}
	}
	// Human output.
	out, _, code := runCLI(t, "", "kinematics", "ik", "--point", "0,0,-450")
	if code != 0 || !strings.HasPrefix(out, "theta = ") {
		t.Errorf("human ik: exit %d, %q", code, out)
	}
	out, _, code = runCLI(t, "", "kinematics", "fk", "--theta", "20,20,20")
	if code != 0 || !strings.HasPrefix(out, "point = (") {
		t.Errorf("human fk: exit %d, %q", code, out)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestKinematicsErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"ik", "--point", "400,0,-450", "--json"}, 1, "unreachable"},
		{[]string{"ik", "--point", "0,0,0", "--json"}, 1, "z < 0"},
		{[]string{"ik", "--point", "0,0", "--json"}, 2, "three numbers"},
		{[]string{"ik", "--json"}, 2, "--point"},
		{[]string{"ik", "--geometry", "f=200,e=60,rf=100", "--point", "0,0,-450"}, 2, "re missing"},
		{[]string{"fk", "--geometry", "f=600,e=10,rf=100,re=150", "--theta", "0,0,0", "--json"}, 1, "cannot meet"},
		{[]string{"fk", "--theta", "a,0,0"}, 2, "not a number"},
		{[]string{"fk", "--theta", "0,0,0", "extra"}, 2, "unexpected"},
	}
	for _, c := range cases {
		out, errs, code := runCLI(t, "", append([]string{"kinematics"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d (want %d), stderr %q (want %q), stdout %q", c.args, code, c.code, errs, c.msg, out)
		}
	}
}

func TestKinematicsWorkspace(t *testing.T) {
	out, errs, code := runCLI(t, "", "kinematics", "workspace", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := lastJSONKeys(t, out, "ok", "places", "worst_resolution_mm_per_us")
	if string(m["ok"]) != "true" {
		t.Errorf("seed layout not ok: %s", out)
	}
	// A bowl moved out of the working circle is reported by name.
	out, _, code = runCLI(t, "", "kinematics", "workspace", "--white-bowl", "300,0,-440")
	if code != 1 || !strings.Contains(out, "white bowl") {
		t.Errorf("far bowl: exit %d, %q", code, out)
	}
	if _, errs, code := runCLI(t, "", "kinematics", "workspace", "--park", "1,2"); code != 2 || !strings.Contains(errs, "three numbers") {
		t.Errorf("bad --park: exit %d, %q", code, errs)
	}
	// A geometry with a wide base cannot reach the board's corners.
	out, _, code = runCLI(t, "", "kinematics", "workspace", "--geometry", "f=400,e=40,rf=100,re=450")
	if code != 1 || !strings.Contains(out, "a1 ") {
		t.Errorf("wide base: exit %d, %q", code, out)
	}
}

func FuzzParseTriple(f *testing.F) {
	f.Add("1,2,3")
	f.Add(" -1e3 , 0x10,NaN")
	f.Add(",,")
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parseTriple(s)
		if err != nil {
			return
		}
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Fatalf("parseTriple(%q) = %v", s, v)
			}
		}
	})
}

func TestKinematicsBench(t *testing.T) {
	out, errs, code := runCLI(t, "", "kinematics", "bench", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := lastJSONKeys(t, out, "ik_ns", "fk_ns", "plan_ms", "motion_s", "cycle_s")
	var cycle, motion float64
	json.Unmarshal(m["cycle_s"], &cycle)
	json.Unmarshal(m["motion_s"], &motion)
	// The cycle is the motion plus the pump's and the valve's dwells.
	if !(motion > 0.5 && cycle > motion+0.5 && cycle < motion+1) {
		t.Errorf("motion %.2f s, cycle %.2f s", motion, cycle)
	}
}
