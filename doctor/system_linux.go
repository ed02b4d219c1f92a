package doctor

import (
	"fmt"
	"os"
	"syscall"
	"unsafe"
)

const (
	noCTTY   = syscall.O_NOCTTY
	nonBlock = syscall.O_NONBLOCK
)

// VIDIOC_QUERYCAP = _IOR('V', 0, struct v4l2_capability) (linux/videodev2.h).
const vidiocQuerycap = 0x80685600

type v4l2 struct{}

// Probe asks the device what it is with VIDIOC_QUERYCAP.
func (v4l2) Probe(path string) (VideoInfo, error) {
	f, err := os.OpenFile(path, os.O_RDWR|syscall.O_NONBLOCK, 0)
	if err != nil {
		return VideoInfo{}, err
	}
	defer f.Close()
	var buf [v4l2CapabilitySz]byte
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), vidiocQuerycap, uintptr(unsafe.Pointer(&buf[0]))); e != 0 {
		return VideoInfo{}, fmt.Errorf("%s is not a V4L2 device: %w", path, e)
	}
	return parseCapability(buf[:])
}

type statfs struct{}

func (statfs) Free(path string) (uint64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return 0, err
	}
	return st.Bavail * uint64(st.Bsize), nil
}
