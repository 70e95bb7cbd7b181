#pragma once
// score3 is a member of the mnk family (SPEC 3 and 6): its rules are the member's, its name,
// contest format and table files (score3-tNN.tb) its own.
#include "family/family_rules.hpp"

namespace tbgen {

inline constexpr const char* kScore3Member = "mnk(cols=3,rows=3,k=3,value=speed)";

family::Rules score3_rules();

}  // namespace tbgen
