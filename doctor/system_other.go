//go:build !linux

package doctor

import "errors"

const (
	noCTTY   = 0
	nonBlock = 0
)

type v4l2 struct{}

func (v4l2) Probe(string) (VideoInfo, error) { return VideoInfo{}, errors.New("V4L2: only on Linux") }

type statfs struct{}

func (statfs) Free(string) (uint64, error) { return 0, errors.New("free space: only on Linux") }
