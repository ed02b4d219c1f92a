#ifndef TENGEN_CVTHREADS_H
#define TENGEN_CVTHREADS_H
#ifdef __cplusplus
extern "C" {
#endif
// cv_set_threads sets OpenCV's worker threads (cv::setNumThreads);
// 0 runs everything on the calling thread.
void cv_set_threads(int n);
#ifdef __cplusplus
}
#endif
#endif
