// Corpus kernels of one cube API area (see corpus.h); their host references.
#include "corpus.h"

namespace sk::corpus {

std::vector<Case> img2colCases() { return {}; }

}  // namespace sk::corpus
