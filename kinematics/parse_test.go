package kinematics

import (
	"strings"
	"testing"
)

func TestParseGeometry(t *testing.T) {
	good := []struct {
		in   string
		want Geometry
	}{
		{"f=200,e=60,rf=100,re=450", SeedGeometry},
		{" RE=450, rf=100 ,e=60,f=200", SeedGeometry},
		{"f=241.5,e=50,rf=110,re=460.25", Geometry{241.5, 50, 110, 460.25}},
	}
	for _, c := range good {
		g, err := ParseGeometry(c.in)
		if err != nil || g != c.want {
			t.Errorf("ParseGeometry(%q) = %+v, %v; want %+v", c.in, g, err, c.want)
		}
		if back, err := ParseGeometry(g.String()); err != nil || back != g {
			t.Errorf("round trip of %+v: %+v, %v", g, back, err)
		}
	}
	bad := []struct{ in, msg string }{
		{"", "not key=value"},
		{"f=200,e=60,rf=100", "re missing"},
		{"f=200,e=60,rf=100,re=450,f=1", "given twice"},
		{"f=200,e=60,rf=100,re=x", "not a length"},
		{"f=200,e=60,rf=100,re=NaN", "not a length"},
		{"f=200,e=60,rf=100,re=450,q=1", "unknown key"},
		{"f=200,e=60,rf=100,re=40", "longer than"}, {"f=200,e=60,rf=100,re=-4", "positive"},
		{"f=0,e=60,rf=100,re=450", "positive"},
	}
	for _, c := range bad {
		if _, err := ParseGeometry(c.in); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("ParseGeometry(%q) = %v, want an error containing %q", c.in, err, c.msg)
		}
	}
}

func FuzzParseGeometry(f *testing.F) {
	f.Add("f=200,e=60,rf=100,re=450")
	f.Add("f=1e308,e=-0,rf=,re=")
	f.Add(",,,=")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGeometry(s)
		if err != nil {
			return
		}
		if g.Validate() != nil {
			t.Fatalf("ParseGeometry(%q) accepted an invalid %+v", s, g)
		}
	})
}
