package exif

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// jpegWithOrientation builds a minimal JPEG header carrying an EXIF
// orientation tag in the given byte order.
func jpegWithOrientation(o uint16, bo binary.ByteOrder) []byte {
	tiff := make([]byte, 8+2+12+4)
	if bo == binary.LittleEndian {
		copy(tiff, "II")
	} else {
		copy(tiff, "MM")
	}
	bo.PutUint16(tiff[2:], 42)
	bo.PutUint32(tiff[4:], 8)
	bo.PutUint16(tiff[8:], 1)
	bo.PutUint16(tiff[10:], 0x0112)
	bo.PutUint16(tiff[12:], 3)
	bo.PutUint32(tiff[14:], 1)
	bo.PutUint16(tiff[18:], o)
	app1 := append([]byte("Exif\x00\x00"), tiff...)
	out := []byte{0xFF, 0xD8, 0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(out[4:], uint16(len(app1)+2))
	out = append(out, app1...)
	return append(out, 0xFF, 0xDA, 0, 2)
}

func TestOrientation(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		want int
		err  bool
	}{
		{"little endian 6", jpegWithOrientation(6, binary.LittleEndian), 6, false},
		{"big endian 8", jpegWithOrientation(8, binary.BigEndian), 8, false},
		{"no exif", []byte{0xFF, 0xD8, 0xFF, 0xDA, 0, 2}, 1, false},
		{"bad value", jpegWithOrientation(9, binary.LittleEndian), 0, true},
		{"not a jpeg", []byte("PNG....."), 0, true},
		{"truncated", jpegWithOrientation(6, binary.LittleEndian)[:12], 0, true},
	} {
		got, err := Orientation(c.data)
		if (err != nil) != c.err || got != c.want {
			t.Errorf("%s: got %d, %v; want %d, error %v", c.name, got, err, c.want, c.err)
		}
	}
}

func TestPhotos(t *testing.T) {
	want := map[string]int{"empty_angled.jpeg": 6, "few_stones_overhead.jpeg": 1, "stones_overhead.jpg": 6, "laser_empty_board.jpg": 1}
	for name, o := range want {
		b, err := os.ReadFile(filepath.Join("../../../shared/testdata/photos/gobonline-19x19", name))
		if err != nil {
			t.Skip("no photos")
		}
		if got, err := Orientation(b); err != nil || got != o {
			t.Errorf("%s: %d, %v; want %d", name, got, err, o)
		}
	}
}

func FuzzOrientation(f *testing.F) {
	f.Add(jpegWithOrientation(6, binary.LittleEndian))
	f.Add(jpegWithOrientation(3, binary.BigEndian))
	f.Add([]byte{0xFF, 0xD8})
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := Orientation(data)
		if err == nil && (o < 1 || o > 8) {
			t.Fatalf("orientation %d without an error", o)
		}
	})
}
