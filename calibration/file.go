package calibration

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"tengen/kinematics"

	"gopkg.in/yaml.v3"
)

// FieldError is a problem with one field of the calibration file: which
// field (a dotted YAML path), what is wrong, and how to fix it.
type FieldError struct {
	Field, Problem, Fix string
}

func (e *FieldError) Error() string {
	return fmt.Sprintf("calibration: %s: %s (fix: %s)", e.Field, e.Problem, e.Fix)
}

// Parse decodes and validates a calibration file. Unknown fields (a typo
// in a hand edit) are errors, as are missing or impossible values.
func Parse(data []byte) (*File, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &FieldError{"version", "the file is empty", "run `tengen calibrate` or restore the last good file"}
	}
	// Presence matters (a zero may be a real value), so look at the
	// node tree for the required sections first.
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("calibration: not valid YAML: %w (fix: repair that line, or restore the last good file; `tengen calibrate defaults` prints a valid one)", err)
	}
	if root.Kind != yaml.DocumentNode || len(root.Content) != 1 || root.Content[0].Kind != yaml.MappingNode {
		return nil, &FieldError{"(top level)", "not a mapping of sections", "start from `tengen calibrate defaults` and edit that"}
	}
	present := map[string]bool{}
	for i := 0; i+1 < len(root.Content[0].Content); i += 2 {
		present[root.Content[0].Content[i].Value] = true
	}
	for _, k := range []string{"version", "camera", "board", "arm"} {
		if !present[k] {
			return nil, &FieldError{k, "missing", fixFor(k)}
		}
	}
	var f File
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("calibration: %s%w (fix: correct the field's name or value; `tengen calibrate defaults` prints a valid file)", culprit(root.Content[0]), err)
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	return &f, nil
}

// culprit finds the field a decoding error comes from, as "section.field
// (line N): ", by decoding one field of one section at a time: some of
// the decoder's errors (a list of the wrong length) say neither.
func culprit(top *yaml.Node) string {
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
					return fmt.Sprintf("%s.%s (line %d): ", key.Value, sec.Content[j].Value, sec.Content[j].Line)
				}
			}
		}
		return fmt.Sprintf("%s (line %d): ", key.Value, key.Line)
	}
	return ""
}

func fixFor(section string) string {
	switch section {
	case "version":
		return fmt.Sprintf("add `version: %d` at the top", FileVersion)
	case "camera":
		return "run `tengen calibrate camera` (or copy the camera section from `tengen calibrate defaults`)"
	case "board":
		return "run `tengen calibrate board`"
	case "arm":
		return "run `tengen calibrate servos` and `tengen calibrate arm`"
	}
	return "see `tengen calibrate defaults`"
}

// Validate checks every field and returns the first problem found.
func (f *File) Validate() error {
	bad := func(field, problem, fix string) error { return &FieldError{field, problem, fix} }
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
			return bad("version", fmt.Sprintf("%d is newer than this program understands (%d)", f.Version, FileVersion), "update tengen")
		}
		return bad("version", fmt.Sprintf("%d is not a known version", f.Version), fmt.Sprintf("set `version: %d` and recalibrate", FileVersion))
	}
	c := f.Camera
	if c.Width <= 0 || c.Height <= 0 || c.Width > 10000 || c.Height > 10000 {
		return bad("camera.width/height", fmt.Sprintf("%dx%d is not a camera resolution", c.Width, c.Height), "set the frame size, e.g. 1280 and 720")
	}
	if len(c.Matrix) != 0 && len(c.Matrix) != 9 {
		return bad("camera.matrix", fmt.Sprintf("has %d numbers, want 9 (3x3, row-major) or none", len(c.Matrix)), "run `tengen calibrate camera` or delete the field")
	}
	if len(c.Matrix) == 9 && (!finite(c.Matrix...) || c.Matrix[0] <= 0 || c.Matrix[4] <= 0 || c.Matrix[8] != 1) {
		return bad("camera.matrix", "is not a camera matrix (focal lengths must be positive, the last entry 1)", "run `tengen calibrate camera` or delete the field")
	}
	switch len(c.Distortion) {
	case 0, 4, 5, 8, 12, 14:
	default:
		return bad("camera.distortion", fmt.Sprintf("has %d coefficients, want 4, 5, 8, 12 or 14 (OpenCV's models) or none", len(c.Distortion)), "run `tengen calibrate camera` or delete the field")
	}
	if len(c.Distortion) > 0 && len(c.Matrix) == 0 {
		return bad("camera.distortion", "is set without camera.matrix", "run `tengen calibrate camera` or delete both")
	}
	if !finite(c.Distortion...) || !finite(c.ReprojectionError) || c.ReprojectionError < 0 {
		return bad("camera.distortion", "holds a number that is not finite", "run `tengen calibrate camera`")
	}
	b := f.Board
	if b.Size < 5 || b.Size > 25 {
		return bad("board.size", fmt.Sprintf("%d is not a board size (5-25 lines)", b.Size), "set `size: 15` for the robot's board")
	}
	if b.Corners == ([4][2]float64{}) {
		return bad("board.corners", "missing (the board has not been located in the camera image)", "run `tengen calibrate board`")
	}
	for i, p := range b.Corners {
		if !finite(p[0], p[1]) || p[0] < -float64(c.Width) || p[1] < -float64(c.Height) || p[0] > 2*float64(c.Width) || p[1] > 2*float64(c.Height) {
			return bad(fmt.Sprintf("board.corners[%d]", i), fmt.Sprintf("(%g, %g) lies far outside the %dx%d image", p[0], p[1], c.Width, c.Height), "run `tengen calibrate board`")
		}
	}
	if a := quadArea(b.Corners); math.Abs(a) < 100 {
		return bad("board.corners", "the four corners enclose almost no area (repeated or in a line)", "run `tengen calibrate board`")
	}
	a := f.Arm
	g := a.Geometry
	if !finite(g.F, g.E, g.RF, g.RE) || g.F <= 0 || g.E <= 0 || g.RF <= 0 || g.RE <= 0 {
		return bad("arm.geometry", "f, e, rf and re must all be positive lengths in mm", "measure the arm (README: the hardware)")
	}
	if g.RE <= g.RF {
		return bad("arm.geometry.re", fmt.Sprintf("forearm %g mm is not longer than the upper arm %g mm", g.RE, g.RF), "check the lengths (the seed design has rf 100, re 450)")
	}
	for i, s := range a.Servos {
		field := fmt.Sprintf("arm.servos[%d]", i)
		switch {
		case !finite(s.ZeroUS, s.USPerDegree, s.MinUS, s.MaxUS):
			return bad(field, "holds a number that is not finite", "run `tengen calibrate servos`")
		case s.USPerDegree == 0:
			return bad(field+".us_per_degree", "is zero", "run `tengen calibrate servos`")
		case s.MinUS < 400 || s.MaxUS > 2600 || s.MinUS >= s.MaxUS:
			return bad(field, fmt.Sprintf("pulse limits %g-%g µs are not a range within 400-2600", s.MinUS, s.MaxUS), "set min_us and max_us to your servo's range, e.g. 500 and 2500")
		case s.ZeroUS < s.MinUS || s.ZeroUS > s.MaxUS:
			return bad(field+".zero_us", fmt.Sprintf("%g µs lies outside min_us..max_us", s.ZeroUS), "run `tengen calibrate servos`")
		}
	}
	vecs := []struct {
		name string
		v    Vec3
	}{{"board_a1", a.BoardA1}, {"board_step_x", a.BoardStepX}, {"board_step_y", a.BoardStepY}, {"black_bowl", a.BlackBowl}, {"white_bowl", a.WhiteBowl}, {"park", a.Park}}
	for _, v := range vecs {
		if !finite(v.v[0], v.v[1], v.v[2]) {
			return bad("arm."+v.name, "holds a number that is not finite", "run `tengen calibrate arm`")
		}
	}
	for _, v := range vecs[1:3] {
		if l := math.Hypot(math.Hypot(v.v[0], v.v[1]), v.v[2]); l < 10 || l > 40 {
			return bad("arm."+v.name, fmt.Sprintf("one grid step is %.1f mm, not 10-40 mm", l), "run `tengen calibrate arm` (touch-off)")
		}
	}
	for _, v := range []Vec3{a.BoardA1, a.BlackBowl, a.WhiteBowl, a.Park} {
		if v[2] >= 0 {
			return bad("arm", "a place has z >= 0: z points up from the servo platform, so every place is below it", "run `tengen calibrate arm`")
		}
	}
	if !finite(a.PickDepth, a.PlaceHeight, a.Clearance, a.VacuumThreshold) || a.Clearance <= 0 || a.VacuumThreshold <= 0 {
		return bad("arm.clearance/vacuum_threshold", "must be positive", "run `tengen calibrate arm`")
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
			return nil, fmt.Errorf("calibration: %s does not exist (fix: run `tengen calibrate`, or `tengen calibrate defaults > %s` for the simulator)", path, path)
		}
		return nil, fmt.Errorf("calibration: %w", err)
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
