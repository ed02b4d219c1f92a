// Package qr encodes short texts — the review page's address on the
// table's network — as QR codes, following ISO/IEC 18004:2015 (QR Code
// bar code symbology): byte mode, the four error correction levels
// (L, M, Q, H) with Reed–Solomon codes over GF(256) (polynomial 0x11D),
// versions 1 to 10 (21×21 to 57×57 modules; up to 213 bytes at level M),
// the eight data masks with the standard's penalty rules choosing one,
// and the BCH-coded format and version information.
//
// The code is written from the standard's description; tests decode the
// rendered images with OpenCV's QR detector (package vision's OpenCV,
// through gocv) and check the Reed–Solomon and BCH codes algebraically.
package qr
