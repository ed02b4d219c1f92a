#include "cvthreads.h"

#include <opencv2/core.hpp>

void cv_set_threads(int n) { cv::setNumThreads(n); }
