#include "aruco.h"

#include <opencv2/aruco.hpp>
#include <opencv2/core.hpp>

#include <cstring>
#include <vector>

int aruco_detect(const unsigned char *pix, int width, int height, int stride,
                 int *ids, float *corners, int max) {
	try {
		cv::Mat img(height, width, CV_8UC1, const_cast<unsigned char *>(pix), stride);
		cv::Ptr<cv::aruco::Dictionary> dict = cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_100);
		cv::Ptr<cv::aruco::DetectorParameters> params = cv::aruco::DetectorParameters::create();
		params->cornerRefinementMethod = cv::aruco::CORNER_REFINE_SUBPIX;
		std::vector<int> found;
		std::vector<std::vector<cv::Point2f>> quads;
		cv::aruco::detectMarkers(img, dict, quads, found, params);
		int n = 0;
		for (size_t i = 0; i < found.size() && n < max; i++, n++) {
			ids[n] = found[i];
			for (int k = 0; k < 4; k++) {
				corners[8 * n + 2 * k] = quads[i][k].x;
				corners[8 * n + 2 * k + 1] = quads[i][k].y;
			}
		}
		return n;
	} catch (const cv::Exception &) {
		return -1;
	}
}

int aruco_draw(int id, int size, unsigned char *out) {
	try {
		cv::Ptr<cv::aruco::Dictionary> dict = cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_100);
		cv::Mat m;
		cv::aruco::drawMarker(dict, id, size, m, 1);
		if (m.rows != size || m.cols != size || m.type() != CV_8UC1) {
			return -1;
		}
		for (int y = 0; y < size; y++) {
			std::memcpy(out + y * size, m.ptr<unsigned char>(y), size);
		}
		return 0;
	} catch (const cv::Exception &) {
		return -1;
	}
}
