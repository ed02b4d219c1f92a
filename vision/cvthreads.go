package vision

/*
#cgo pkg-config: opencv4
#include "cvthreads.h"
*/
import "C"

// SetOpenCVThreads sets how many threads OpenCV may use (gocv v0.31.0
// has no binding for it); 0 keeps all its work on the calling thread, as
// on a busy Raspberry Pi, or for timing on one core.
func SetOpenCVThreads(n int) { C.cv_set_threads(C.int(n)) }
