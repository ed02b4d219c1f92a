package calibration

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"tengen/i18n/errmsg"
	"tengen/kinematics"

	"gopkg.in/yaml.v3"
)

// FieldError is a problem with one field of the calibration file: which
// field (a dotted YAML path), what is wrong, and how to fix it, as
// messages package i18n words in the person's language.
type FieldError struct {
	Field        string
	Problem, Fix errmsg.Msg
}

func (e *FieldError) Error() string { return e.Message().String() }

// Message is the error as a catalogue message (errmsg.Messager).
func (e *FieldError) Message() errmsg.Msg {
	return errmsg.M("err.cal-field", e.Field, e.Problem, e.Fix)
}

// msg and fix shorten the messages of Validate's table.
var msg, fix = errmsg.M, errmsg.M

// Parse decodes and validates a calibration file. Unknown fields (a typo
// in a hand edit) are errors, as are missing or impossible values.
func Parse(data []byte) (*File, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &FieldError{"version", msg("err.cal.empty"), fix("err.cal.fix-restore")}
	}
	// Presence matters (a zero may be a real value), so look at the
	// node tree for the required sections first.
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, errmsg.Mark(err, "err.cal-yaml", err.Error())
	}
	if root.Kind != yaml.DocumentNode || len(root.Content) != 1 || root.Content[0].Kind != yaml.MappingNode {
		return nil, &FieldError{"(top level)", msg("err.cal.not-sections"), fix("err.cal.fix-from-defaults")}
	}
	present := map[string]bool{}
	for i := 0; i+1 < len(root.Content[0].Content); i += 2 {
		present[root.Content[0].Content[i].Value] = true
	}
	for _, k := range []string{"version", "camera", "board", "arm"} {
		if !present[k] {
			return nil, &FieldError{k, msg("err.cal.missing"), fixFor(k)}
		}
	}
	var f File
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return nil, errmsg.Mark(err, "err.cal-decode", culprit(root.Content[0]), err.Error())
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	return &f, nil
}

// culprit finds the field a decoding error comes from, as "section.field
// (line N): ", by decoding one field of one section at a time: some of
// the decoder's errors (a list of the wrong length) say neither.
func culprit(top *yaml.Node) any {
	one := func(key, val *yaml.Node) error {
		doc := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{key, val}}
		data, err := yaml.Marshal(doc)
		if err != nil {
			return err
		}
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		var f File
		return dec.Decode(&f)
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		key, sec := top.Content[i], top.Content[i+1]
		if one(key, sec) == nil {
			continue
		}
		if sec.Kind == yaml.MappingNode {
			for j := 0; j+1 < len(sec.Content); j += 2 {
				part := &yaml.Node{Kind: yaml.MappingNode, Content: sec.Content[j : j+2]}
				if one(key, part) != nil {
					return errmsg.M("err.cal-culprit", key.Value+"."+sec.Content[j].Value, sec.Content[j].Line)
				}
			}
		}
		return errmsg.M("err.cal-culprit", key.Value, key.Line)
	}
	return ""
}

func fixFor(section string) errmsg.Msg {
	switch section {
	case "version":
		return fix("err.cal.fix-add-version", FileVersion)
	case "camera":
		return fix("err.cal.fix-camera")
	case "board":
		return fix("err.cal.fix-run", "tengen calibrate board")
	case "arm":
		return fix("err.cal.fix-run-two", "tengen calibrate servos", "tengen calibrate arm")
	}
	return fix("err.cal.fix-see")
}

// Validate checks every field and returns the first problem found.
func (f *File) Validate() error {
	bad := func(field string, problem, fix errmsg.Msg) error { return &FieldError{field, problem, fix} }
	const (
		calCamera = "tengen calibrate camera"
		calBoard  = "tengen calibrate board"
		calServos = "tengen calibrate servos"
		calArm    = "tengen calibrate arm"
	)
	finite := func(v ...float64) bool {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return false
			}
		}
		return true
	}
	if f.Version != FileVersion {
		if f.Version > FileVersion {
			return bad("version", msg("err.cal.version-newer", f.Version, FileVersion), fix("err.cal.fix-update"))
		}
		return bad("version", msg("err.cal.version-unknown", f.Version), fix("err.cal.fix-set-version", FileVersion))
	}
	c := f.Camera
	if c.Width <= 0 || c.Height <= 0 || c.Width > 10000 || c.Height > 10000 {
		return bad("camera.width/height", msg("err.cal.resolution", c.Width, c.Height), fix("err.cal.fix-frame"))
	}
	if len(c.Matrix) != 0 && len(c.Matrix) != 9 {
		return bad("camera.matrix", msg("err.cal.matrix-size", len(c.Matrix)), fix("err.cal.fix-run-delete", calCamera))
	}
	if len(c.Matrix) == 9 && (!finite(c.Matrix...) || c.Matrix[0] <= 0 || c.Matrix[4] <= 0 || c.Matrix[8] != 1) {
		return bad("camera.matrix", msg("err.cal.matrix"), fix("err.cal.fix-run-delete", calCamera))
	}
	switch len(c.Distortion) {
	case 0, 4, 5, 8, 12, 14:
	default:
		return bad("camera.distortion", msg("err.cal.distortion-size", len(c.Distortion)), fix("err.cal.fix-run-delete", calCamera))
	}
	if len(c.Distortion) > 0 && len(c.Matrix) == 0 {
		return bad("camera.distortion", msg("err.cal.distortion-alone"), fix("err.cal.fix-run-delete-both", calCamera))
	}
	if !finite(c.Distortion...) || !finite(c.ReprojectionError) || c.ReprojectionError < 0 {
		return bad("camera.distortion", msg("err.cal.not-finite"), fix("err.cal.fix-run", calCamera))
	}
	b := f.Board
	if b.Size < 5 || b.Size > 25 {
		return bad("board.size", msg("err.cal.board-size", b.Size), fix("err.cal.fix-size"))
	}
	if b.Corners == ([4][2]float64{}) {
		return bad("board.corners", msg("err.cal.no-corners"), fix("err.cal.fix-run", calBoard))
	}
	for i, p := range b.Corners {
		if !finite(p[0], p[1]) || p[0] < -float64(c.Width) || p[1] < -float64(c.Height) || p[0] > 2*float64(c.Width) || p[1] > 2*float64(c.Height) {
			return bad(fmt.Sprintf("board.corners[%d]", i), msg("err.cal.corner-outside", fmt.Sprintf("%g", p[0]), fmt.Sprintf("%g", p[1]), c.Width, c.Height), fix("err.cal.fix-run", calBoard))
		}
	}
	if a := quadArea(b.Corners); math.Abs(a) < 100 {
		return bad("board.corners", msg("err.cal.corners-flat"), fix("err.cal.fix-run", calBoard))
	}
	a := f.Arm
	g := a.Geometry
	if !finite(g.F, g.E, g.RF, g.RE) || g.F <= 0 || g.E <= 0 || g.RF <= 0 || g.RE <= 0 {
		return bad("arm.geometry", msg("err.cal.geometry"), fix("err.cal.fix-measure"))
	}
	if g.RE <= g.RF {
		return bad("arm.geometry.re", msg("err.cal.forearm", fmt.Sprintf("%g", g.RE), fmt.Sprintf("%g", g.RF)), fix("err.cal.fix-lengths"))
	}
	for i, s := range a.Servos {
		field := fmt.Sprintf("arm.servos[%d]", i)
		switch {
		case !finite(s.ZeroUS, s.USPerDegree, s.MinUS, s.MaxUS):
			return bad(field, msg("err.cal.not-finite"), fix("err.cal.fix-run", calServos))
		case s.USPerDegree == 0:
			return bad(field+".us_per_degree", msg("err.cal.zero"), fix("err.cal.fix-run", calServos))
		case s.MinUS < 400 || s.MaxUS > 2600 || s.MinUS >= s.MaxUS:
			return bad(field, msg("err.cal.pulse-range", fmt.Sprintf("%g", s.MinUS), fmt.Sprintf("%g", s.MaxUS)), fix("err.cal.fix-pulses"))
		case s.ZeroUS < s.MinUS || s.ZeroUS > s.MaxUS:
			return bad(field+".zero_us", msg("err.cal.zero-outside", fmt.Sprintf("%g", s.ZeroUS)), fix("err.cal.fix-run", calServos))
		}
	}
	vecs := []struct {
		name string
		v    Vec3
	}{{"board_a1", a.BoardA1}, {"board_step_x", a.BoardStepX}, {"board_step_y", a.BoardStepY}, {"black_bowl", a.BlackBowl}, {"white_bowl", a.WhiteBowl}, {"park", a.Park}}
	for _, v := range vecs {
		if !finite(v.v[0], v.v[1], v.v[2]) {
			return bad("arm."+v.name, msg("err.cal.not-finite"), fix("err.cal.fix-run", calArm))
		}
	}
	for _, v := range vecs[1:3] {
		if l := math.Hypot(math.Hypot(v.v[0], v.v[1]), v.v[2]); l < 10 || l > 40 {
			return bad("arm."+v.name, msg("err.cal.grid-step", fmt.Sprintf("%.1f", l)), fix("err.cal.fix-touch-off", calArm))
		}
	}
	for _, v := range []Vec3{a.BoardA1, a.BlackBowl, a.WhiteBowl, a.Park} {
		if v[2] >= 0 {
			return bad("arm", msg("err.cal.z-up"), fix("err.cal.fix-run", calArm))
		}
	}
	if !finite(a.PickDepth, a.PlaceHeight, a.Clearance, a.VacuumThreshold) || a.Clearance <= 0 || a.VacuumThreshold <= 0 {
		return bad("arm.clearance/vacuum_threshold", msg("err.cal.positive"), fix("err.cal.fix-run", calArm))
	}
	return nil
}

func quadArea(c [4][2]float64) float64 {
	s := 0.0
	for i := 0; i < 4; i++ {
		j := (i + 1) % 4
		s += c[i][0]*c[j][1] - c[j][0]*c[i][1]
	}
	return s / 2
}

// Load reads and validates the calibration file at path.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, errmsg.Mark(err, "err.cal-missing", path)
		}
		return nil, errmsg.Wrap(err, "err.cal-unreadable")
	}
	f, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// Marshal encodes a valid file as YAML.
func (f *File) Marshal() ([]byte, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# Tengen calibration file (format version %d). Lengths in mm in the arm's frame,\n# angles in degrees, pulses in microseconds, image positions in pixels.\n", FileVersion)
	var root yaml.Node
	if err := root.Encode(f); err != nil {
		return nil, err
	}
	flowScalars(&root)
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(&root); err != nil {
		return nil, err
	}
	return buf.Bytes(), enc.Close()
}

// Save writes the file atomically: to a temporary file beside path,
// synced, then renamed over it, so a crash or an interrupted calibration
// leaves the last good file in place. An invalid file is never written.
func Save(path string, f *File) error {
	data, err := f.Marshal()
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("calibration: %w", err)
	}
	defer os.Remove(tmp.Name()) // after a successful rename this fails harmlessly
	if _, err := io.Copy(tmp, bytes.NewReader(data)); err != nil {
		tmp.Close()
		return fmt.Errorf("calibration: writing %s: %w", tmp.Name(), err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("calibration: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("calibration: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("calibration: %w", err)
	}
	if d, err := os.Open(dir); err == nil { // make the rename itself durable
		d.Sync()
		d.Close()
	}
	return nil
}

// Default is a complete calibration for the simulator and the seed
// design (README: the hardware): a 1280x720 camera, a 15x15 board with
// 24.5 mm cells centred 460 mm below the servo platform, nominal servos.
func Default() *File {
	return &File{
		Version: FileVersion,
		Camera: Camera{
			Device: "sim", Width: 1280, Height: 720,
			Matrix: []float64{1000, 0, 640, 0, 1000, 360, 0, 0, 1},
		},
		Board: Board{Size: 15, Corners: [4][2]float64{{360, 80}, {920, 80}, {980, 660}, {300, 660}}},
		Arm:   SeedArm(),
	}
}

// flowScalars puts every list of plain numbers on one line ([x, y, z]),
// which is how people read and hand-edit vectors and matrices.
func flowScalars(n *yaml.Node) {
	if n.Kind == yaml.SequenceNode {
		flat := true
		for _, c := range n.Content {
			flat = flat && c.Kind == yaml.ScalarNode
		}
		if flat {
			n.Style = yaml.FlowStyle
		}
	}
	for _, c := range n.Content {
		flowScalars(c)
	}
}

// SeedArm is the arm of the seed design (kinematics.SeedGeometry over
// kinematics.DefaultLayout) with servos at 1000 µs for a horizontal upper
// arm and 2000 µs per 180°, 500–2500 µs: the simulator's arm, and the
// starting point of a real arm's calibration.
func SeedArm() Arm {
	l := kinematics.DefaultLayout
	s := Servo{ZeroUS: 1000, USPerDegree: 2000.0 / 180, MinUS: 500, MaxUS: 2500}
	return Arm{
		Geometry:        Geometry(kinematics.SeedGeometry),
		Servos:          [3]Servo{s, s, s},
		BoardA1:         Vec3(l.A1),
		BoardStepX:      Vec3(l.StepX),
		BoardStepY:      Vec3(l.StepY),
		BlackBowl:       Vec3(l.BlackBowl),
		WhiteBowl:       Vec3(l.WhiteBowl),
		Park:            Vec3(l.Park),
		PickDepth:       0.5,
		PlaceHeight:     10,
		Clearance:       25,
		VacuumThreshold: 20,
	}
}
