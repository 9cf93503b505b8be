#include <hb.h>
#include <hb-subset.h>
#include <hb-ot.h>
