package dev.perflab.lab.system;

import java.util.List;
import java.util.Optional;

import dev.perflab.lab.LabException;

/**
 * The apps one rung drives, whoever started them: the lab ({@link LabSystem}, whose close
 * stops them) or someone else ({@link RemoteSystem}, whose close stops nothing).
 */
public interface Apps extends AutoCloseable {

    List<? extends Endpoint> services();

    Optional<? extends Endpoint> find(Service service);

    default Endpoint get(Service service) {
        return find(service).orElseThrow(() -> new LabException(service + " is not part of this run"));
    }

    @Override
    void close();

}
