// Package exif reads the one EXIF tag the board reader cares about: a
// JPEG's orientation (tag 0x0112, EXIF 2.32 / TIFF 6.0), so tests and tools
// can map labels made in the EXIF-applied frame onto raw pixels.
package exif

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Orientation returns the EXIF orientation (1-8) of the JPEG data, or 1
// when the file carries no orientation tag. Malformed EXIF data is an
// error that says where it broke.
func Orientation(jpeg []byte) (int, error) {
	if len(jpeg) < 4 || jpeg[0] != 0xFF || jpeg[1] != 0xD8 {
		return 0, errors.New("exif: not a JPEG (no SOI marker)")
	}
	p := 2
	for p+4 <= len(jpeg) {
		if jpeg[p] != 0xFF {
			return 0, fmt.Errorf("exif: expected a marker at byte %d", p)
		}
		marker := jpeg[p+1]
		if marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01 || marker == 0xFF {
			p++
			continue
		}
		if marker == 0xDA || marker == 0xD9 { // image data: no EXIF came before it
			return 1, nil
		}
		n := int(binary.BigEndian.Uint16(jpeg[p+2:]))
		if n < 2 || p+2+n > len(jpeg) {
			return 0, fmt.Errorf("exif: segment 0x%02X at byte %d has bad length %d", marker, p, n)
		}
		seg := jpeg[p+4 : p+2+n]
		if marker == 0xE1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		p += 2 + n
	}
	return 1, nil
}

func tiffOrientation(t []byte) (int, error) {
	if len(t) < 8 {
		return 0, errors.New("exif: TIFF header truncated")
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 0, fmt.Errorf("exif: bad TIFF byte order %q", t[:2])
	}
	ifd := int(bo.Uint32(t[4:]))
	if ifd < 8 || ifd+2 > len(t) {
		return 0, fmt.Errorf("exif: IFD0 offset %d out of range (%d bytes)", ifd, len(t))
	}
	n := int(bo.Uint16(t[ifd:]))
	for i := 0; i < n; i++ {
		e := ifd + 2 + 12*i
		if e+12 > len(t) {
			return 0, fmt.Errorf("exif: IFD0 entry %d truncated", i)
		}
		if bo.Uint16(t[e:]) == 0x0112 {
			v := int(bo.Uint16(t[e+8:]))
			if v < 1 || v > 8 {
				return 0, fmt.Errorf("exif: orientation %d out of range 1-8", v)
			}
			return v, nil
		}
	}
	return 1, nil
}
