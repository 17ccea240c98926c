package dev.perflab.lab.system;

import java.nio.file.Path;

/**
 * A second lab process for {@link RunLockTests}: takes the lock file given as its first
 * argument with the description in its second, says "held", and keeps it until its
 * standard input closes or it is killed.
 */
public final class RunLockHolder {

    private RunLockHolder() {
    }

    public static void main(String[] args) throws Exception {
        try (RunLock lock = RunLock.acquire(Path.of(args[0]), args[1])) {
            System.out.println("held");
            System.out.flush();
            while (System.in.read() >= 0) {
                // until the test closes our input
            }
        }
    }

}
