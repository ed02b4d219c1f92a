// Package calibration holds everything Tengen measures about its own
// hardware: the camera (lens), where the board is in the camera image,
// the servos, and where the board, the bowls and the parking spot are in
// the arm's frame. It reads, validates and writes the one versioned
// calibration file (YAML).
package calibration

// FileVersion is the version of the calibration file format written now.
const FileVersion = 1

// File is the calibration file. Every length is in millimetres in the
// arm's frame (KINEMATICS.md: origin at the centre of the servo platform,
// z up), every angle in degrees, every pulse in microseconds.
type File struct {
	Version int    `yaml:"version"`
	Camera  Camera `yaml:"camera"`
	Board   Board  `yaml:"board"`
	Arm     Arm    `yaml:"arm"`
}

// Camera is the camera and its lens model.
type Camera struct {
	Device string `yaml:"device"` // e.g. /dev/video0, or a file or folder
	Width  int    `yaml:"width"`
	Height int    `yaml:"height"`
	// Matrix is the 3x3 camera matrix (row-major) and Distortion OpenCV's
	// distortion coefficients; both empty when no lens calibration was made.
	Matrix            []float64 `yaml:"matrix,omitempty"`
	Distortion        []float64 `yaml:"distortion,omitempty"`
	ReprojectionError float64   `yaml:"reprojection_error,omitempty"` // pixels, RMS
}

// Board is the board as the camera sees it.
type Board struct {
	Size int `yaml:"size"` // lines per side, 15 for the robot
	// Corners are the outer grid corners in image pixels in the order
	// a15 (top-left seen from Black's side), o15, o1, a1.
	Corners [4][2]float64 `yaml:"corners"`
}

// Arm is the arm: its geometry, its servos and the places it works at.
type Arm struct {
	Geometry Geometry `yaml:"geometry"`
	Servos   [3]Servo `yaml:"servos"`
	// BoardA1 is the a1 intersection on the board's surface; BoardStepX
	// and BoardStepY are the vectors from one intersection to the next
	// column (toward b1) and row (toward a2). Together they carry the
	// board's position, rotation, pitch and tilt (fitted by touch-off).
	BoardA1    Vec3 `yaml:"board_a1"`
	BoardStepX Vec3 `yaml:"board_step_x"`
	BoardStepY Vec3 `yaml:"board_step_y"`
	// Bowls are the centres of the stone bowls at the height the nozzle
	// picks at; Park is where the arm rests out of the camera's view.
	BlackBowl Vec3 `yaml:"black_bowl"`
	WhiteBowl Vec3 `yaml:"white_bowl"`
	Park      Vec3 `yaml:"park"`
	// PickDepth and PlaceHeight are the nozzle's height above a stone's
	// surface to pick at, and above the board to release at; Clearance is
	// the travel height above the tallest stone.
	PickDepth   float64 `yaml:"pick_depth"`
	PlaceHeight float64 `yaml:"place_height"`
	Clearance   float64 `yaml:"clearance"`
	// VacuumThreshold (kPa below ambient) separates "stone held" from
	// "nothing held".
	VacuumThreshold float64 `yaml:"vacuum_threshold"`
}

// Geometry is the rotary delta's size (KINEMATICS.md): f and e are the
// sides of the base and effector triangles, rf the upper arm and re the
// forearm.
type Geometry struct {
	F  float64 `yaml:"f"`
	E  float64 `yaml:"e"`
	RF float64 `yaml:"rf"`
	RE float64 `yaml:"re"`
}

// Servo maps a joint angle to a pulse: pulse = ZeroUS + USPerDegree*θ;
// a negative USPerDegree means the servo turns the other way. MinUS and
// MaxUS bound the pulses the servo may be sent.
type Servo struct {
	ZeroUS      float64 `yaml:"zero_us"`
	USPerDegree float64 `yaml:"us_per_degree"`
	MinUS       float64 `yaml:"min_us"`
	MaxUS       float64 `yaml:"max_us"`
}

// Vec3 is a point or vector in the arm's frame, millimetres.
type Vec3 [3]float64
