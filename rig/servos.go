package rig

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"tengen/arm"
	"tengen/calibration"
	"tengen/i18n/errmsg"
)

// ServoJog finds each servo's pulse at 0° and its µs per degree by guided
// jogging (KINEMATICS.md: 0° is the upper arm horizontal, pointing out;
// 90° straight down). The forearms should be unhooked, so each upper arm
// swings freely; a spirit level and a square show the two angles.
type ServoJog struct {
	Driver arm.Driver
	In     io.Reader
	Out    io.Writer
	// Words words what the step says in the person's language; nil is
	// English.
	Words func(errmsg.Msg) string
	// Move is how long each jog takes [300 ms], slow enough to stop.
	Move time.Duration

	lines  *bufio.Scanner
	pulses arm.Pulses
}

// Run returns the servos measured, starting from the calibrated ones
// (their pulse limits are kept).
func (s *ServoJog) Run(ctx context.Context, servos [3]calibration.Servo) ([3]calibration.Servo, error) {
	s.lines = bufio.NewScanner(s.In)
	if s.Move <= 0 {
		s.Move = 300 * time.Millisecond
	}
	for i, sv := range servos {
		s.pulses[i] = uint16(math.Round(sv.ZeroUS))
	}
	if err := s.send(ctx, 2*time.Second); err != nil {
		return servos, err
	}
	for i := range servos {
		sv := &servos[i]
		p0, err := s.jog(ctx, i, *sv, errmsg.M("cal.angle-0"))
		if err != nil {
			return servos, err
		}
		for {
			p90, err := s.jog(ctx, i, *sv, errmsg.M("cal.angle-90"))
			if err != nil {
				return servos, err
			}
			if math.Abs(p90-p0) < 90 { // under 1 µs per degree: no servo is that fine
				s.say(errmsg.M("cal.servo-span", fmt.Sprint(p90-p0)))
				continue
			}
			sv.ZeroUS, sv.USPerDegree = p0, (p90-p0)/90
			break
		}
		s.say(errmsg.M("cal.servo-measured", i+1, fmt.Sprint(sv.ZeroUS), fmt.Sprintf("%.3f", sv.USPerDegree)))
		s.pulses[i] = uint16(math.Round(sv.ZeroUS))
		if err := s.send(ctx, time.Second); err != nil {
			return servos, err
		}
	}
	return servos, nil
}

// jog lets the person move servo i by whole microseconds ("+10", "-2")
// until its arm is at the angle described, and returns the pulse.
func (s *ServoJog) jog(ctx context.Context, i int, sv calibration.Servo, angle errmsg.Msg) (float64, error) {
	s.say(errmsg.M("cal.servo-ask", i+1, angle))
	for {
		fmt.Fprint(s.Out, words(s.Words)(errmsg.M("cal.servo-at", i+1, fmt.Sprint(s.pulses[i])))+"> ")
		if !s.lines.Scan() {
			return 0, ErrAborted
		}
		f := strings.TrimSpace(s.lines.Text())
		switch f {
		case "":
			continue
		case "q":
			return 0, ErrAborted
		case "ok":
			return float64(s.pulses[i]), nil
		}
		d, err := strconv.Atoi(f)
		if err != nil || (f[0] != '+' && f[0] != '-') {
			s.say(errmsg.M("cal.servo-syntax", strconv.Quote(f)))
			continue
		}
		to := float64(s.pulses[i]) + float64(d)
		if to < sv.MinUS || to > sv.MaxUS {
			s.say(errmsg.M("cal.servo-limits", fmt.Sprint(to), i+1, fmt.Sprint(sv.MinUS), fmt.Sprint(sv.MaxUS)))
			continue
		}
		s.pulses[i] = uint16(to)
		if err := s.send(ctx, s.Move); err != nil {
			return 0, err
		}
	}
}

// say writes a line of the step in the person's language.
func (s *ServoJog) say(m errmsg.Msg) { fmt.Fprintln(s.Out, words(s.Words)(m)) }

func (s *ServoJog) send(ctx context.Context, d time.Duration) error {
	if err := s.Driver.Queue(ctx, arm.Setpoint{Pulses: s.pulses, Duration: d}); err != nil {
		return fmt.Errorf("servos: %w", err)
	}
	if err := s.Driver.Drain(ctx); err != nil {
		return fmt.Errorf("servos: %w", err)
	}
	return nil
}
