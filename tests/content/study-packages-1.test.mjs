// The studies' texts against the packages, share 1 of 2 (study-packages.mjs).
import { testStudies } from './study-packages.mjs';

testStudies(1, 2);
