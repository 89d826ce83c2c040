/** Small internal utilities: bulk copies between typed arrays and buffers. Not part of the public API. */
package org.jbsplib.core.util;
