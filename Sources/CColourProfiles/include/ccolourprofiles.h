// ICC profiles galleryc carries in its binary. Imported by one Swift file, ColourProfiles.swift.
#ifndef CCOLOURPROFILES_H
#define CCOLOURPROFILES_H

/// The CMYK profile assumed for CMYK JPEGs without one: FOGRA39 (coated offset paper), made
/// from the FOGRA39L characterisation data by make-press-profile.sh.
const unsigned char *gk_press_cmyk_profile_ptr(void);
extern const unsigned long gk_press_cmyk_profile_length;
#endif
