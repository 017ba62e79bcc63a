//===- training_log.cpp - the main job's CSV log and its chart ------------===//

#include "training_log.h"

#include "tg/Tensor/Tensor.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

namespace fashion_mnist {

namespace {

constexpr const char *kHeader = "epoch,step,loss,train_accuracy,lr,test_accuracy,seconds";

struct Point {
  double x, y;
};

/// The series of a log: by global step.
struct Curves {
  std::vector<Point> loss, accuracy, test;
  std::vector<double> epochEnds;
};

Curves readLog(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw tg::Error("cannot read the training log " + path);
  Curves curves;
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::stringstream row(line);
    for (std::string cell; std::getline(row, cell, ',');)
      cells.push_back(cell);
    cells.resize(7);
    double step = std::atof(cells[1].c_str());
    if (!cells[5].empty()) {
      curves.test.push_back({step, std::atof(cells[5].c_str())});
      curves.epochEnds.push_back(step);
    } else {
      curves.loss.push_back({step, std::atof(cells[2].c_str())});
      curves.accuracy.push_back({step, std::atof(cells[3].c_str())});
    }
  }
  return curves;
}

/// The mean of the last `window` points at each point: the trend under a
/// step's noise.
std::vector<Point> movingAverage(const std::vector<Point> &points, size_t window) {
  std::vector<Point> smooth;
  double sum = 0;
  for (size_t i = 0; i < points.size(); ++i) {
    sum += points[i].y;
    if (i >= window)
      sum -= points[i - window].y;
    smooth.push_back({points[i].x, sum / double(std::min(i + 1, window))});
  }
  return smooth;
}

/// One panel of the chart: a frame with ticks, and curves mapped into it.
class Panel {
public:
  Panel(std::ostream &svg, double top, double xMax, double yMin, double yMax)
      : svg_(svg), top_(top), xMax_(std::max(xMax, 1.0)), yMin_(yMin),
        yMax_(yMax > yMin ? yMax : yMin + 1) {}

  void frame(const char *title, const std::vector<double> &epochEnds) {
    svg_ << "<text x='" << kLeft << "' y='" << top_ - 8 << "' class='title'>" << title
         << "</text>\n<rect x='" << kLeft << "' y='" << top_ << "' width='" << kWidth
         << "' height='" << kHeight << "' class='frame'/>\n";
    for (int tick = 0; tick <= 4; ++tick) {
      double value = yMin_ + (yMax_ - yMin_) * tick / 4;
      char label[32];
      std::snprintf(label, sizeof label, "%.3g", value);
      svg_ << "<text x='" << kLeft - 6 << "' y='" << y(value) + 4 << "' class='ytick'>" << label
           << "</text>\n";
      double step = xMax_ * tick / 4;
      svg_ << "<text x='" << x(step) << "' y='" << top_ + kHeight + 16 << "' class='xtick'>"
           << std::lround(step) << "</text>\n";
    }
    for (double end : epochEnds)
      svg_ << "<line x1='" << x(end) << "' x2='" << x(end) << "' y1='" << top_ << "' y2='"
           << top_ + kHeight << "' class='epoch'/>\n";
  }

  void curve(const std::vector<Point> &points, const char *style) {
    if (points.empty())
      return;
    svg_ << "<polyline class='" << style << "' points='";
    for (const Point &p : points)
      svg_ << x(p.x) << "," << y(p.y) << " ";
    svg_ << "'/>\n";
  }

  void dots(const std::vector<Point> &points, const char *style) {
    for (const Point &p : points)
      svg_ << "<circle class='" << style << "' cx='" << x(p.x) << "' cy='" << y(p.y)
           << "' r='4'/>\n";
  }

  static constexpr double kLeft = 60, kWidth = 820, kHeight = 220;

private:
  double x(double step) const { return std::round((kLeft + kWidth * step / xMax_) * 10) / 10; }
  double y(double value) const {
    return std::round((top_ + kHeight * (yMax_ - value) / (yMax_ - yMin_)) * 10) / 10;
  }

  std::ostream &svg_;
  double top_, xMax_, yMin_, yMax_;
};

double largest(const std::vector<Point> &points, double Point::*axis) {
  double value = 0;
  for (const Point &p : points)
    value = std::max(value, p.*axis);
  return value;
}

} // namespace

std::string besideModel(const std::string &model, const std::string &extension) {
  size_t slash = model.rfind('/');
  size_t dot = model.rfind('.');
  bool hasExtension = dot != std::string::npos && (slash == std::string::npos || dot > slash);
  return (hasExtension ? model.substr(0, dot) : model) + extension;
}

TrainingLog::TrainingLog(const std::string &path, int keptEpochs) : path_(path) {
  std::vector<std::string> kept;
  if (keptEpochs > 0) {
    std::ifstream previous(path);
    std::string line;
    std::getline(previous, line);
    while (std::getline(previous, line))
      if (std::atoi(line.c_str()) <= keptEpochs)
        kept.push_back(line);
  }
  out_.open(path, std::ios::trunc);
  out_ << kHeader << "\n";
  for (const std::string &line : kept)
    out_ << line << "\n";
  if (!out_.flush())
    throw tg::Error("cannot write the training log " + path);
}

void TrainingLog::step(int epoch, int64_t step, double loss, double accuracy, double lr,
                       double seconds) {
  char row[160];
  std::snprintf(row, sizeof row, "%d,%lld,%.6f,%.6f,%.6g,,%.3f\n", epoch, (long long)step, loss,
                accuracy, lr, seconds);
  out_ << row << std::flush;
}

void TrainingLog::epoch(int epoch, int64_t step, double testAccuracy, double seconds) {
  char row[120];
  std::snprintf(row, sizeof row, "%d,%lld,,,,%.6f,%.3f\n", epoch, (long long)step, testAccuracy,
                seconds);
  out_ << row << std::flush;
  if (!out_)
    throw tg::Error("writing the training log " + path_ + " failed");
}

void writeChart(const std::string &csv, const std::string &svgPath) {
  Curves curves = readLog(csv);
  double steps = std::max(largest(curves.loss, &Point::x), largest(curves.test, &Point::x));
  std::ostringstream svg;
  svg << "<svg xmlns='http://www.w3.org/2000/svg' width='900' height='600' "
         "viewBox='0 0 900 600' font-family='sans-serif' font-size='12'>\n"
         "<style>.title{font-size:14px;font-weight:bold}.frame{fill:none;stroke:#888}"
         ".ytick{text-anchor:end}.xtick{text-anchor:middle}"
         ".epoch{stroke:#bbb;stroke-dasharray:4 4}"
         ".raw{fill:none;stroke-width:1;opacity:0.35}.trend{fill:none;stroke-width:2}"
         ".loss{stroke:#c0392b}.train{stroke:#2471a3}.test{fill:#1e8449}"
         ".testline{fill:none;stroke:#1e8449;stroke-width:2}</style>\n"
         "<rect width='900' height='600' fill='white'/>\n";
  Panel loss(svg, 40, steps, 0, largest(curves.loss, &Point::y));
  loss.frame("training loss (cross-entropy) by step; dashed: end of an epoch",
             curves.epochEnds);
  loss.curve(curves.loss, "raw loss");
  // The trend: a moving average over a 25th of the run.
  size_t window = std::max<size_t>(1, curves.loss.size() / 25);
  loss.curve(movingAverage(curves.loss, window), "trend loss");
  Panel accuracy(svg, 330, steps, 0, 1);
  accuracy.frame("accuracy: training batches (blue), test set after each epoch (green)",
                 curves.epochEnds);
  accuracy.curve(curves.accuracy, "raw train");
  accuracy.curve(movingAverage(curves.accuracy, window), "trend train");
  accuracy.curve(curves.test, "testline");
  accuracy.dots(curves.test, "test");
  svg << "<text x='470' y='592' class='xtick'>step</text>\n</svg>\n";
  std::ofstream out(svgPath, std::ios::trunc);
  out << svg.str();
  if (!out.flush())
    throw tg::Error("cannot write the chart " + svgPath);
}

} // namespace fashion_mnist
