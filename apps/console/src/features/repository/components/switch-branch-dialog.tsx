import { useCreateBranch } from "../api/create-branch";
import { OverwriteGuardDialog } from "./overwrite-guard-dialog";

/** Switches to an existing branch, importing its definitions; mount it only while open. */
export function SwitchBranchDialog({ branch, onClose }: { branch: string; onClose: () => void }) {
  const create = useCreateBranch();
  return (
    <OverwriteGuardDialog
      id="switch-branch-title"
      title={`Switch to ${branch}?`}
      description={`The objects are replaced by the definitions of ${branch}; Baton's objects then follow that branch.`}
      actionLabel="Switch"
      overwriteLabel="Switch and overwrite"
      progressLabel={`Switching to ${branch} and importing its definitions…`}
      run={(overwrite) => create.mutate({ branch_name: branch, switch: true, overwrite }, { onSuccess: onClose })}
      pending={create.isPending}
      error={create.error}
      onClose={onClose}
    />
  );
}
