// The studies' texts against the packages, share 2 of 2 (study-packages.mjs).
import { testStudies } from './study-packages.mjs';

testStudies(2, 2);
