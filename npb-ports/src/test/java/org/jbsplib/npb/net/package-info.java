/** Tests of the NPB kernels over network transports: loopback and network namespaces joined by veth pairs. */
package org.jbsplib.npb.net;
